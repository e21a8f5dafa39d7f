// The bot talks to the API over HTTP only (architecture.md): the bot-internal routes with its service
// credential, and the approval endpoint the web uses, acting for the Lark user who clicked.
import { z } from 'zod';
import {
  LARK_OPEN_ID_HEADER,
  SERVICE_AUTH_SCHEME,
  ZBotCardMessages,
  ZBotCardRecorded,
  ZBotTaskCard,
  type TBotCardMessage,
  type TBotCardMessages,
  type TBotCardRecorded,
  type TBotTaskCard,
} from '@portal/shared/contracts/bot-jobs';
import { ZTask, type TApprovalRequest, type TTask } from '@portal/shared/contracts/tasks';

/** A refusal from the API: status and `detail` (Japanese, shown on the card as it is). */
export class ApiRefused extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly body: unknown,
  ) {
    super(`API answered ${status}: ${detail}`);
    this.name = 'ApiRefused';
  }
}

const ZErrorBody = z.object({ detail: z.string() }).partial();

export interface PortalApi {
  taskCard(taskId: number): Promise<TBotTaskCard>;
  cardMessages(taskId: number): Promise<TBotCardMessages>;
  recordCardMessage(message: TBotCardMessage): Promise<TBotCardRecorded>;
  /** POST /api/task/tasks/{id}/nodes/{nodeId}/approval/ as the Lark user `openId`. */
  act(openId: string, taskId: number, nodeId: number, body: TApprovalRequest): Promise<TTask>;
}

export function createPortalApi(options: {
  baseUrl: string;
  serviceToken: string;
  timeoutMs?: number;
}): PortalApi {
  async function call<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    { body, openId }: { body?: unknown; openId?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `${SERVICE_AUTH_SCHEME} ${options.serviceToken}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (openId) headers[LARK_OPEN_ID_HEADER.toLowerCase()] = openId;
    const res = await fetch(`${options.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!res.ok) {
      const detail = ZErrorBody.safeParse(json).data?.detail ?? res.statusText;
      throw new ApiRefused(res.status, detail, json);
    }
    return schema.parse(json);
  }

  return {
    taskCard: (taskId) => call(ZBotTaskCard, 'GET', `/bot/tasks/${taskId}/card/`),
    cardMessages: (taskId) => call(ZBotCardMessages, 'GET', `/bot/tasks/${taskId}/card-messages/`),
    recordCardMessage: (message) => call(ZBotCardRecorded, 'POST', '/bot/card-messages/', { body: message }),
    act: (openId, taskId, nodeId, body) =>
      call(ZTask, 'POST', `/task/tasks/${taskId}/nodes/${nodeId}/approval/`, { body, openId }),
  };
}
