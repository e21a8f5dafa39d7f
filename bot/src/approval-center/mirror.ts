// One Approval Center sync: read the request's current state from the API, make sure its workflow
// has a definition under its current name, and send the instance whole. What was sent last is kept
// in Redis: the same state again (an event seen twice, two events close together) sends nothing
// (unless forced: the check job found Lark lacking it), and tasks gone now are kept (instance.ts).
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PortalApi } from '../api/portal-api.ts';
import type { BotConfig } from '../config/bot-config.ts';
import type { OpenIds } from '../lark/open-ids.ts';
import type { Logger } from '../logger.ts';
import { definitionBody } from './definition.ts';
import { buildInstance, type LarkInstance } from './instance.ts';
import type { LarkApprovals } from './lark-approvals.ts';

export interface MirrorDeps {
  readonly config: BotConfig;
  readonly api: PortalApi;
  readonly lark: LarkApprovals;
  readonly openIds: OpenIds;
  readonly redis: Redis;
  readonly logger: Logger;
}

/** What was last sent for a request, kept a month (a request rarely waits longer between changes). */
const SENT_TTL_SECONDS = 31 * 24 * 3600;
const sentKey = (config: BotConfig, taskId: number) => `${config.queuePrefix}:lark-approvals:sent:${taskId}`;

interface Sent {
  readonly hash: string;
  readonly instance: LarkInstance;
}

export type MirrorOutcome = 'sent' | 'unchanged' | 'not_in_lark';

export async function mirrorRequest(deps: MirrorDeps, taskId: number, force = false): Promise<MirrorOutcome> {
  const { config, api, redis } = deps;
  const data = await api.approvalInstance(taskId);
  const { card } = data;
  const people = [
    {
      user_id: card.task.applicant_id,
      open_id: card.task.applicant_open_id,
      lookup_email: card.task.applicant_lookup_email,
    },
    ...card.nodes.flatMap((n) => n.recipients),
    ...data.ended_rounds,
    ...data.cc,
  ];
  const openIds = await deps.openIds.resolve(people);
  if (!openIds.has(card.task.applicant_id)) {
    deps.logger.info({ task: taskId }, 'approval center: the applicant is not in Lark, not mirrored');
    return 'not_in_lark';
  }

  let approvalCode = data.definition?.approval_code;
  if (!approvalCode || data.definition?.name !== card.task.workflow_name) {
    const body = definitionBody(
      { id: data.workflow_id, name: card.task.workflow_name },
      config.larkNative?.quickApproval ?? null,
    );
    approvalCode = await deps.lark.upsertDefinition(body);
    await api.saveApprovalDefinition({
      workflow_id: data.workflow_id,
      approval_code: approvalCode,
      name: card.task.workflow_name,
    });
  }

  const stored = await redis.get(sentKey(config, taskId));
  const previous = stored ? (JSON.parse(stored) as Sent) : null;
  const quick = config.larkNative?.quickApproval;
  const instance = buildInstance(data, {
    approvalCode,
    applink: config.lark.applink,
    publicUrl: config.publicUrl,
    quickActions: quick ? { rejectMeans: quick.rejectMeans } : null,
    openIds,
    previous: previous?.instance ?? null,
  });
  if (!instance) return 'not_in_lark';
  const hash = createHash('sha256').update(JSON.stringify(instance)).digest('hex');
  if (!force && previous?.hash === hash) return 'unchanged';
  await deps.lark.syncInstance(instance);
  const sent: Sent = { hash, instance };
  await redis.set(sentKey(config, taskId), JSON.stringify(sent), 'EX', SENT_TTL_SECONDS);
  return 'sent';
}
