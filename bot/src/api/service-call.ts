// The bot's one way to call the API (architecture.md: the bot talks to it over HTTP only): the
// service credential, optionally acting for the Lark user who clicked a card, and the answer checked
// against the shared contract. portal-api.ts, reminders-api.ts and push-devices.ts are built on it.
import type { z } from 'zod';
import { endpointPath, type BodyOf, type Endpoint, type ParamsOf } from '@portal/shared/endpoints/endpoint';
import { LARK_OPEN_ID_HEADER, SERVICE_AUTH_SCHEME } from '@portal/shared/contracts/bot-jobs';
import { withinDeadline } from '@portal/shared/deadline';

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

export interface ServiceEndpoint {
  readonly baseUrl: string;
  readonly serviceToken: string;
  /** Per call; 10 s unless said (card clicks get less: Lark waits 3 s for the answer). */
  readonly timeoutMs?: number;
}

export interface ServiceCallOptions {
  readonly body?: unknown;
  /** Acting for this Lark user (the approval endpoint only, see service-credential.ts in the API). */
  readonly openId?: string;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // e.g. a proxy's HTML error page: the status says enough
  }
}

export async function serviceCall<S extends z.ZodType>(
  endpoint: ServiceEndpoint,
  schema: S,
  method: 'GET' | 'POST',
  path: string,
  { body, openId }: ServiceCallOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = {
    authorization: `${SERVICE_AUTH_SCHEME} ${endpoint.serviceToken}`,
    accept: 'application/json',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (openId) headers[LARK_OPEN_ID_HEADER.toLowerCase()] = openId;
  // The answer's body too, within the deadline (shared/src/deadline.ts says why not the signal alone).
  const { res, text } = await withinDeadline(endpoint.timeoutMs ?? 10_000, async (signal) => {
    const answer = await fetch(`${endpoint.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { res: answer, text: await answer.text() };
  });
  const json = parseJson(text);
  if (!res.ok) {
    const detail = (json as { detail?: unknown } | null)?.detail;
    throw new ApiRefused(res.status, typeof detail === 'string' ? detail : res.statusText, json);
  }
  return schema.parse(json);
}

/**
 * Calls an entry of the endpoint table (shared/src/endpoints/), its path filled in from `params`; the
 * answer is still checked against `schema`, since the bot trusts nothing it did not parse.
 */
export function callEndpoint<E extends Endpoint, S extends z.ZodType>(
  endpoint: ServiceEndpoint,
  entry: E,
  schema: S,
  params: ParamsOf<E>,
  options: { body?: BodyOf<E>; openId?: string } = {},
): Promise<z.output<S>> {
  if (entry.method !== 'get' && entry.method !== 'post') throw new Error(`the bot sends no ${entry.method}`);
  const path = endpointPath(entry, params).replace(/^\/api/, '');
  return serviceCall(endpoint, schema, entry.method === 'get' ? 'GET' : 'POST', path, options);
}
