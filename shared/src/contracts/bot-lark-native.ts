// The bot-internal routes of the Lark-native parts (docs/bot.md "Lark-native"): what a request's
// Approval Center instance is made of, the definition Lark created for a workflow, and which
// requests changed lately (the check job).
import { z } from 'zod';
import { ZBotTaskCard } from './bot-jobs.ts';

/** A portal user as the Approval Center names them: their Lark user, or an address to look it up by. */
export const ZMirrorPerson = z.object({
  user_id: z.number().int(),
  open_id: z.string().nullable(),
  lookup_email: z.string().nullable(),
});
export type TMirrorPerson = z.infer<typeof ZMirrorPerson>;

/**
 * A node's round that ended: its k-th approve, send back or reject (an approval undone no longer
 * counts, so its round awaits again under the same k).
 */
export const ZMirrorEndedRound = ZMirrorPerson.extend({
  node_id: z.number().int(),
  round: z.number().int().min(0),
  action: z.enum(['approve', 'send_back', 'reject']),
  at: z.string(),
});
export type TMirrorEndedRound = z.infer<typeof ZMirrorEndedRound>;

/** A send back: the applicant is asked to resubmit until they do (or withdraw). */
export const ZMirrorSendBack = z.object({
  event_id: z.number().int(),
  at: z.string(),
  /** When the applicant resubmitted; null: not (yet). */
  resubmitted_at: z.string().nullable(),
  /** When the request ended otherwise (withdrawn) while sent back; null: not. */
  closed_at: z.string().nullable(),
});
export type TMirrorSendBack = z.infer<typeof ZMirrorSendBack>;

/** GET /api/bot/tasks/{id}/approval-instance/ */
export const ZBotApprovalInstance = z.object({
  card: ZBotTaskCard,
  workflow_id: z.number().int(),
  /** The Approval Center definition stored for the workflow; null: none created yet. */
  definition: z.object({ approval_code: z.string(), name: z.string() }).nullable(),
  /** The last change of the request (its status or any action on it). */
  updated_at: z.string(),
  ended_rounds: z.array(ZMirrorEndedRound),
  send_backs: z.array(ZMirrorSendBack),
  /** Observers (code 95 nodes): Lark's cc list. */
  cc: z.array(ZMirrorPerson.extend({ node_id: z.number().int(), since: z.string() })),
});
export type TBotApprovalInstance = z.infer<typeof ZBotApprovalInstance>;

/** POST /api/bot/approval-definitions/ — the approval_code Lark answered for a workflow's definition. */
export const ZBotApprovalDefinition = z.object({
  workflow_id: z.number().int(),
  approval_code: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
});
export type TBotApprovalDefinition = z.infer<typeof ZBotApprovalDefinition>;
export const ZBotApprovalDefinitionSaved = z.object({ saved: z.boolean() });
export type TBotApprovalDefinitionSaved = z.infer<typeof ZBotApprovalDefinitionSaved>;

/** GET /api/bot/tasks/changed/{minutes}/ — requests changed in the last minutes, with when. */
export const ZBotChangedTasks = z.array(z.object({ task_id: z.number().int(), updated_at: z.string() }));
export type TBotChangedTasks = z.infer<typeof ZBotChangedTasks>;

/** GET /api/bot/lark-users/tenant/{larkUserId}/ — the portal user a Lark user_id (the tenant's id) is bound to. */
export const ZBotLarkTenantUser = z.object({ user_id: z.number().int(), open_id: z.string() });
export type TBotLarkTenantUser = z.infer<typeof ZBotLarkTenantUser>;

/** GET /api/bot/users/{id}/approval-count/ — the user's 承認待ち (approval_tasks of account/statistics). */
export const ZBotApprovalCount = ZMirrorPerson.extend({ approval_tasks: z.number().int().min(0) });
export type TBotApprovalCount = z.infer<typeof ZBotApprovalCount>;

/** GET /api/bot/tasks/{id}/timeoff/ — an approved vacation as Lark time off, and the events made for it. */
export const ZBotTimeoff = z.object({
  task_id: z.number().int(),
  /** The request's status: time off exists only while it is 90. */
  status: z.string(),
  applicant: ZMirrorPerson,
  /** The approved period (the leave history); null: not approved (any more). */
  vacation: z
    .object({
      category: z.string(),
      category_name: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      /** 午後から: the first day from the afternoon. */
      is_start_half: z.boolean(),
      /** 午前まで: the last day until noon. */
      is_end_half: z.boolean(),
      /** The contract's working hours on the first day, HH:MM. */
      work_start: z.string(),
      work_end: z.string(),
    })
    .nullable(),
  events: z.array(z.object({ part: z.string(), timeoff_event_id: z.string() })),
});
export type TBotTimeoff = z.infer<typeof ZBotTimeoff>;

/** POST /api/bot/timeoff-events/ and …/delete/ — one time-off event of a vacation (its part). */
export const ZBotTimeoffEvent = z.object({
  task_id: z.number().int(),
  part: z.string().min(1).max(40),
  timeoff_event_id: z.string().min(1).max(100),
});
export type TBotTimeoffEvent = z.infer<typeof ZBotTimeoffEvent>;
export const ZBotTimeoffEventDelete = ZBotTimeoffEvent.pick({ task_id: true, part: true });
export type TBotTimeoffEventDelete = z.infer<typeof ZBotTimeoffEventDelete>;
