// The contract between the API and the bot (architecture.md "Notifications and the bot"): the jobs
// on the BullMQ queues, their payloads and idempotency keys, and the service credential the bot
// presents to the API. The same schemas validate a job when it is added and before a handler runs.
import { z } from 'zod';
import { ZRejectReason } from './tasks.ts';

/** Queue of events: the API's outbox relay and the schedulers add here; handlers fan out. */
export const EVENTS_QUEUE = 'portal-events';
/** Queue of single Lark calls (send / patch), each waiting for its slot of the app's limit. */
export const LARK_QUEUE = 'lark-messages';

/**
 * A stable key per job: BullMQ's job id (a re-add with the same key is a no-op) and, for a message,
 * Lark's `uuid` (Lark drops a repeat within an hour). BullMQ refuses ':' in custom ids, so keys
 * coming from the outbox (`task-event:42`) are turned into ids with jobIdOf.
 */
export const ZIdempotencyKey = z.string().min(1).max(200);

export function jobIdOf(key: string): string {
  return key.replace(/:/g, '.');
}

/**
 * How jobs are retried and kept, the same whoever adds them (the API's relay, the bot). Completed
 * jobs stay a day, so a re-added id stays a no-op well past Lark's uuid hour; failed ones stay for
 * inspection in the dashboard.
 */
export const JOB_DEFAULTS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.2 },
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: false,
} as const;

// ── portal-events ────────────────────────────────────────────────────────────────────────────────

/** Every task transition writes one outbox row with this payload (api/src/modules/tasks/events.ts). */
export const TASK_EVENT_ACTIONS = [
  'submit',
  'approve',
  'auto_approve',
  'send_back',
  'reject',
  'resubmit',
  'withdraw',
  'undo',
  'cancel_vacation',
] as const;
export type TTaskEventAction = (typeof TASK_EVENT_ACTIONS)[number];

export const ZTaskEventPayload = z.object({
  task_id: z.number().int(),
  action: z.enum(TASK_EVENT_ACTIONS),
  actor_id: z.number().int(),
  task_node_id: z.number().int().nullable(),
  principal_id: z.number().int().nullable(),
  /** The task's status after the transition. */
  status: z.string(),
  /** The bell notifications written with it: who, what, and the portal path it opens. */
  notify: z.array(z.object({ user_ids: z.array(z.number().int()), title: z.string(), forward: z.string() })),
});
export type TTaskEventPayload = z.infer<typeof ZTaskEventPayload>;

/** Bring a task's cards in line with its state (a card recorded after its node was handled). */
export const ZCardsRefreshPayload = z.object({ task_id: z.number().int() });
export type TCardsRefreshPayload = z.infer<typeof ZCardsRefreshPayload>;

/** One push notification to one user's registered devices (FCM). */
export const ZPushNotifyPayload = z.object({
  user_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** Portal path the notification opens. */
  forward: z.string(),
});
export type TPushNotifyPayload = z.infer<typeof ZPushNotifyPayload>;

/** A tick of the attendance reminder scheduler (the reminders module owns what it carries). */
export const ZAttendanceReminderPayload = z.object({
  /** Which reminder: before the month ends, or on the first business days of the next one. */
  kind: z.enum(['month_end', 'next_month']),
});
export type TAttendanceReminderPayload = z.infer<typeof ZAttendanceReminderPayload>;

/** An approval card Lark can no longer update (older than 14 days, recalled, deleted): sent anew
 * when its node still awaits that person. */
export const ZCardResendPayload = z.object({
  task_id: z.number().int(),
  task_node_id: z.number().int(),
  user_id: z.number().int(),
  message_id: z.string().min(1),
});
export type TCardResendPayload = z.infer<typeof ZCardResendPayload>;

/** Set one user's app badge to their 承認待ち (LARK_BADGE=on), merged per user after task events. */
export const ZBadgeSetPayload = z.object({ user_id: z.number().int() });
export type TBadgeSetPayload = z.infer<typeof ZBadgeSetPayload>;

/** Bring a vacation's Lark time off in line with its state (LARK_TIMEOFF=on): made at 90, deleted after. */
export const ZTimeoffSyncPayload = z.object({ task_id: z.number().int() });
export type TTimeoffSyncPayload = z.infer<typeof ZTimeoffSyncPayload>;

/** A text message to one user in Lark (a change of their salary account: "was this you?"). */
export const ZLarkNoticePayload = z.object({
  user_id: z.number().int(),
  open_id: z.string().nullable(),
  lookup_email: z.string().nullable(),
  text: z.string().min(1),
});
export type TLarkNoticePayload = z.infer<typeof ZLarkNoticePayload>;

const taskEventJobs = Object.fromEntries(
  TASK_EVENT_ACTIONS.map((action) => [`task.${action}`, ZTaskEventPayload] as const),
) as Record<`task.${TTaskEventAction}`, typeof ZTaskEventPayload>;

/** Job name → payload schema, for the events queue. The outbox topic is the job name. */
export const EVENT_JOBS = {
  ...taskEventJobs,
  'cards.refresh': ZCardsRefreshPayload,
  'push.notify': ZPushNotifyPayload,
  'attendance.remind': ZAttendanceReminderPayload,
  'records.lark_notice': ZLarkNoticePayload,
  'cards.resend': ZCardResendPayload,
  'badge.set': ZBadgeSetPayload,
  'timeoff.sync': ZTimeoffSyncPayload,
} as const;
export type TEventJobName = keyof typeof EVENT_JOBS;
export type TEventJobPayload<N extends TEventJobName> = z.infer<(typeof EVENT_JOBS)[N]>;

export function isEventJobName(name: string): name is TEventJobName {
  return Object.hasOwn(EVENT_JOBS, name);
}

/**
 * The BullMQ priority of what is sent to many at once (a reminder, a notice); jobs without one, the
 * default, go first. Paced at Lark's 50 a second, 50,000 reminders take 17 minutes: queued first in,
 * first out, every approval card queued after them would wait that long.
 */
export const BULK_PRIORITY = 10;

/**
 * The events written one per person for everyone at once (a five-day or notice text, a payslip's
 * push): queued at BULK_PRIORITY, so a task's event relayed behind 50,000 of them is handled first.
 */
const BULK_EVENT_JOBS: ReadonlySet<TEventJobName> = new Set(['records.lark_notice', 'push.notify']);

/** An events-queue job's options, the same whoever adds it (the API's relay, the bot). */
export function eventJobOptions(name: string, key: string): { jobId: string; priority?: number } {
  const bulk = isEventJobName(name) && BULK_EVENT_JOBS.has(name);
  return { jobId: jobIdOf(key), ...(bulk ? { priority: BULK_PRIORITY } : {}) };
}

/** What every events-queue job carries: its idempotency key and its payload. */
export function zEventJobData<N extends TEventJobName>(name: N) {
  return z.object({ key: ZIdempotencyKey, payload: EVENT_JOBS[name] });
}
export interface TEventJobData<N extends TEventJobName = TEventJobName> {
  readonly key: string;
  readonly payload: TEventJobPayload<N>;
}

// ── lark-messages ────────────────────────────────────────────────────────────────────────────────

/** Which approval card a message is, so a later event can find and update it. */
export const ZCardRef = z.object({
  task_id: z.number().int(),
  task_node_id: z.number().int(),
  user_id: z.number().int(),
});
export type TCardRef = z.infer<typeof ZCardRef>;

/** Post one message to one Lark user; `key` becomes Lark's uuid (≤ 50 characters). */
export const ZLarkSendPayload = z.object({
  key: z.string().min(1).max(50),
  open_id: z.string().min(1),
  msg_type: z.enum(['interactive', 'text']),
  /** The card JSON (interactive) or `{text}` (text), serialised by the sender. */
  content: z.record(z.string(), z.unknown()),
  /** Set for an approval card: its message id is recorded with the API. */
  card: ZCardRef.nullable(),
});
export type TLarkSendPayload = z.infer<typeof ZLarkSendPayload>;

/** Replace an interactive message's card. */
export const ZLarkPatchPayload = z.object({
  message_id: z.string().min(1),
  content: z.record(z.string(), z.unknown()),
  /** Which approval card it is: one Lark can no longer update is sent again while its node awaits. */
  card: ZCardRef.optional(),
});
export type TLarkPatchPayload = z.infer<typeof ZLarkPatchPayload>;

// ── lark-approvals (the Approval Center, docs/bot.md "Lark-native") ───────────────────────────────

/** Queue of Approval Center syncs: one job per request and event, reading the request's current state. */
export const LARK_APPROVALS_QUEUE = 'lark-approvals';
export const ZApprovalMirrorPayload = z.object({
  task_id: z.number().int(),
  /** Send even when the state is what was last sent (the check job found Lark lacking it). */
  force: z.boolean().optional(),
});
export type TApprovalMirrorPayload = z.infer<typeof ZApprovalMirrorPayload>;
/** The check job's tick: compare the requests changed lately with what Lark holds. */
export const ZApprovalCheckPayload = z.object({ minutes: z.number().int().min(1).max(1440) });
export type TApprovalCheckPayload = z.infer<typeof ZApprovalCheckPayload>;

export const LARK_JOBS = { 'lark.send': ZLarkSendPayload, 'lark.patch': ZLarkPatchPayload } as const;
export type TLarkJobName = keyof typeof LARK_JOBS;

// ── the service credential ───────────────────────────────────────────────────────────────────────

/**
 * The bot calls the API with `Authorization: Service <BOT_SERVICE_TOKEN>` and, when it acts for a
 * Lark user, `X-Lark-Open-Id: <open_id>`. The API accepts it only on the approval endpoint for a
 * node awaiting that user (or their principal) and on the /api/bot/ routes.
 */
export const SERVICE_AUTH_SCHEME = 'Service';
export const LARK_OPEN_ID_HEADER = 'X-Lark-Open-Id';

// ── the bot-internal API routes (/api/bot/, service credential only) ─────────────────────────────

/** A label and its value as text, in the compact form of spec §2.4. */
export const ZLabelled = z.object({ label: z.string(), value: z.string() });
export type TLabelled = z.infer<typeof ZLabelled>;

/** Someone a node's card goes to: an approver, or a proxy standing in for one today. */
export const ZCardRecipient = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Their Lark user, stored at Lark sign-in or found by e-mail; null: not known (yet). */
  open_id: z.string().nullable(),
  /** With no open_id: the e-mail address to look their Lark user up by (bot-lark-users.ts). */
  lookup_email: z.string().nullable(),
  /** The approver this recipient stands in for, when a proxy. */
  principal_name: z.string().nullable(),
});
export type TCardRecipient = z.infer<typeof ZCardRecipient>;

export const ZCardNode = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  status: z.string(),
  status_name: z.string(),
  acted_by_name: z.string().nullable(),
  acted_at: z.string().nullable(),
  is_proxy: z.boolean(),
  principal_name: z.string().nullable(),
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  /** When the node last started awaiting action: a new round gets new cards. */
  reached_at: z.string().nullable(),
  recipients: z.array(ZCardRecipient),
});
export type TCardNode = z.infer<typeof ZCardNode>;

/** A block of labelled rows on a card: what a workflow kind shows of its request. */
export const ZCardSection = z.object({ rows: z.array(ZLabelled) });
export type TCardSection = z.infer<typeof ZCardSection>;

/** GET /api/bot/tasks/{id}/card/ — everything an approval card or a result message shows. */
export const ZBotTaskCard = z.object({
  task: z.object({
    id: z.number().int(),
    workflow_name: z.string(),
    workflow_kind: z.string(),
    status: z.string(),
    status_name: z.string(),
    applicant_id: z.number().int(),
    applicant_name: z.string(),
    applicant_open_id: z.string().nullable(),
    applicant_lookup_email: z.string().nullable(),
    employee_code: z.string().nullable(),
    org_name: z.string().nullable(),
    project_name: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  }),
  /** The request's fields, in form order (files by name). */
  fields: z.array(ZLabelled),
  /** The kind's key facts in place of the fields (WorkflowKindHooks.cardSections); null: the fields. */
  sections: z.array(ZCardSection).nullable(),
  /** The fixed reject reasons to choose from (ZTask.reject_reasons); null: a free reason. */
  reject_reasons: z.array(ZRejectReason).nullable(),
  nodes: z.array(ZCardNode),
});
export type TBotTaskCard = z.infer<typeof ZBotTaskCard>;

/** POST /api/bot/card-messages/ and the items of GET /api/bot/tasks/{id}/card-messages/. */
export const ZBotCardMessage = ZCardRef.extend({ message_id: z.string().min(1).max(100) });
export type TBotCardMessage = z.infer<typeof ZBotCardMessage>;
export const ZBotCardMessages = z.array(ZBotCardMessage.extend({ created_at: z.string() }));
export type TBotCardMessages = z.infer<typeof ZBotCardMessages>;

/** The answer to POST /api/bot/card-messages/: stale when the node no longer awaits action. */
export const ZBotCardRecorded = z.object({ stale: z.boolean() });
export type TBotCardRecorded = z.infer<typeof ZBotCardRecorded>;
