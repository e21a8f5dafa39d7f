import { vi } from 'vitest';
import type { TErrorDetail } from '@portal/shared/contracts/errors';
import { endpointPath, type AnswerOf, type Endpoint, type ParamsOf } from '@portal/shared/endpoints/endpoint';

export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. /api/account/me/ */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Reply =
  { status?: number; body?: unknown } | ((request: RecordedRequest) => { status?: number; body?: unknown });

/**
 * Replaces fetch with a table of answers keyed 'METHOD /api/path/'. Unknown calls answer 404.
 * Returns the requests seen, in order.
 */
export function mockFetch(routes: Record<string, Reply>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const reply = routes[`${method} ${url.pathname}`];
    const { status = 200, body: replyBody } =
      typeof reply === 'function'
        ? reply(request)
        : (reply ?? { status: 404, body: { detail: 'not mocked' } });
    return new Response(replyBody === undefined ? null : JSON.stringify(replyBody), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

type TypedReply<T> =
  | { status?: number; body?: T | TErrorDetail | Record<string, string[]> }
  | ((request: RecordedRequest) => { status?: number; body?: unknown });

/**
 * One mockFetch route keyed by an entry of the endpoint table, its body typed by the entry's answer:
 * `mockFetch({ ...reply(notifications.list, {}, { body: page }) })`.
 */
export function reply<E extends Endpoint>(
  entry: E,
  params: ParamsOf<E>,
  answer: TypedReply<AnswerOf<E>>,
): Record<string, Reply> {
  return { [`${entry.method.toUpperCase()} ${endpointPath(entry, params)}`]: answer };
}
