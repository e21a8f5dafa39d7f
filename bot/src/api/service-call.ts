// One call to a bot-internal API route with the service credential, answer checked by a schema. For
// the push and reminder routes; portal-api.ts has its own for the card and approval calls.
import type { z } from 'zod';
import { SERVICE_AUTH_SCHEME } from '@portal/shared/contracts/bot-jobs';
import { ApiRefused } from './portal-api.ts';

export interface ServiceEndpoint {
  readonly baseUrl: string;
  readonly serviceToken: string;
  readonly timeoutMs?: number;
}

export async function serviceCall<S extends z.ZodType>(
  endpoint: ServiceEndpoint,
  schema: S,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<z.output<S>> {
  const res = await fetch(`${endpoint.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `${SERVICE_AUTH_SCHEME} ${endpoint.serviceToken}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(endpoint.timeoutMs ?? 10_000),
  });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const detail = (json as { detail?: unknown } | null)?.detail;
    throw new ApiRefused(res.status, typeof detail === 'string' ? detail : res.statusText, json);
  }
  return schema.parse(json);
}
