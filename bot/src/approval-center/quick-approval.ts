// Quick approval from Lark's Approval Center (docs/bot.md "Lark-native"): Lark POSTs the action to
// LARK_APPROVAL_CALLBACK_PATH on the bot, with no signature — the token is the only proof, and the
// body is encrypted when a key is set (AES-256-CBC, as card callbacks). The person is Lark's user_id
// (the tenant's id), resolved through the binding. The bot then acts through the approval endpoint,
// as a card click does: the same checks, the same 409 when the node was already handled. Every
// refusal carries {message, without_prefix: "true"}, which Lark shows as it is.
import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { z } from 'zod';
import type { TApprovalRequest } from '@portal/shared/contracts/tasks';
import { MSG } from '@portal/shared/messages';
import { ApiRefused } from '../api/service-call.ts';
import type { PortalApi } from '../api/portal-api.ts';
import { decryptBody } from '../callbacks/signature.ts';
import type { QuickApprovalSettings } from '../config/lark-native-settings.ts';
import type { Logger } from '../logger.ts';
import { taskIdOf } from './instance.ts';
import { kindHas } from '@portal/shared/workflow/kind-traits';

const MAX_BODY_BYTES = 64 * 1024;

const ZQuickAction = z.object({
  action_type: z.enum(['APPROVE', 'REJECT']),
  user_id: z.string().min(1),
  instance_id: z.string(),
  task_id: z.string(),
  reason: z.string().nullish(),
  token: z.string(),
});

export const QUICK_MSG = {
  unauthorized: '認証に失敗しました。',
  unknownUser: 'ポータルのアカウントと連携されていないユーザーです。',
  reasonRequired: '理由を入力してください。',
  notFound: '対象の申請が見つかりません。',
} as const;

export interface QuickAnswer {
  readonly status: number;
  readonly body: Record<string, string>;
}

const refusal = (status: number, message: string): QuickAnswer => ({
  status,
  body: { message, without_prefix: 'true' },
});

/** `t{node}-{user}-{round}`: the node and the portal user the task was made for. */
function taskParts(taskId: string): { nodeId: number; userId: number } | null {
  const match = /^t(\d+)-(\d+)-\d+$/.exec(taskId);
  return match ? { nodeId: Number(match[1]), userId: Number(match[2]) } : null;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface QuickApprovalDeps {
  readonly settings: QuickApprovalSettings;
  readonly api: PortalApi;
  readonly logger: Logger;
}

function readAction(raw: string, settings: QuickApprovalSettings): z.infer<typeof ZQuickAction> | null {
  try {
    let body = JSON.parse(raw) as unknown;
    const encrypted = (body as { encrypt?: unknown } | null)?.encrypt;
    if (settings.key) {
      if (typeof encrypted !== 'string') return null;
      body = JSON.parse(decryptBody(encrypted, settings.key)) as unknown;
    } else if (encrypted !== undefined) return null;
    const parsed = ZQuickAction.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function answerQuickApproval(raw: string, deps: QuickApprovalDeps): Promise<QuickAnswer> {
  const { settings, api } = deps;
  const action = readAction(raw, settings);
  if (!action || !sameToken(action.token, settings.token)) return refusal(401, QUICK_MSG.unauthorized);

  let person;
  try {
    person = await api.larkTenantUser(action.user_id);
  } catch (error) {
    if (error instanceof ApiRefused && error.status === 404) return refusal(403, QUICK_MSG.unknownUser);
    throw error;
  }
  const parts = taskParts(action.task_id);
  const taskId = taskIdOf(action.instance_id);
  if (!parts || !Number.isInteger(taskId)) return refusal(404, QUICK_MSG.notFound);
  // A task is one person's: someone else acting on it is refused like a stranger.
  if (parts.userId !== person.user_id) return refusal(403, QUICK_MSG.unknownUser);

  const reason = action.reason?.trim() ?? '';
  let request: TApprovalRequest;
  if (action.action_type === 'APPROVE') request = { action: 'approve', comment: reason || null };
  else {
    if (!reason) return refusal(400, QUICK_MSG.reasonRequired);
    const card = settings.rejectMeans === 'reject' ? await api.taskCard(taskId) : null;
    // A kind whose rejection takes one of its fixed reasons (a vacation) is never rejected from Lark.
    request =
      card && !kindHas(card.task.workflow_kind, 'fixedRejectReasons')
        ? { action: 'reject', reason }
        : { action: 'send_back', comment: reason };
  }
  try {
    await api.act(person.open_id, taskId, parts.nodeId, request);
    return { status: 200, body: {} };
  } catch (error) {
    if (error instanceof ApiRefused && error.status < 500) return refusal(error.status, error.detail);
    deps.logger.error({ err: error, taskId }, 'quick approval failed');
    return refusal(500, MSG.unexpected);
  }
}

/** The route on the bot's HTTP server. */
export function quickApprovalRoute(deps: QuickApprovalDeps) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > MAX_BODY_BYTES) {
        const answer = refusal(413, QUICK_MSG.unauthorized);
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        return;
      }
      chunks.push(buffer);
    }
    const answer = await answerQuickApproval(Buffer.concat(chunks).toString('utf8'), deps);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  };
}
