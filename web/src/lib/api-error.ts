import { NON_FIELD_ERRORS } from '@portal/shared/http';

type ErrorBody = Record<string, unknown>;

function asObject(body: unknown): ErrorBody | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as ErrorBody) : null;
}

/** Keys of an error body that never name a form field. */
const NON_FIELD_KEYS = new Set(['detail', 'code', 'status_code', NON_FIELD_ERRORS]);

/**
 * A non-2xx answer of the API (status 0: the request never got an answer). `body` is the parsed
 * JSON body, or the text when it was not JSON.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, statusText = '') {
    const detail = asObject(body)?.detail;
    super(typeof detail === 'string' ? detail : statusText || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  /** `{detail}` of 401/403/404/409/413/429 answers. */
  get detail(): string | undefined {
    const detail = asObject(this.body)?.detail;
    return typeof detail === 'string' ? detail : undefined;
  }

  get code(): string | undefined {
    const code = asObject(this.body)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  /** `{field: ["…"]}` of a 400 answer, each as a list of messages. */
  get fieldErrors(): Record<string, string[]> {
    const body = asObject(this.body);
    if (!body) return {};
    const fields: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(body)) {
      if (NON_FIELD_KEYS.has(key)) continue;
      const messages = toMessages(value);
      if (messages.length > 0) fields[key] = messages;
    }
    return fields;
  }

  /** Messages not tied to one field (`non_field_errors`). */
  get nonFieldErrors(): string[] {
    return toMessages(asObject(this.body)?.[NON_FIELD_ERRORS]);
  }
}

function toMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Answers a gateway gives when the API behind it is down or restarting. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The API could not be reached: no answer at all (status 0: offline, refused, reset) or a gateway's
 * 502/503/504. Asking again later may work, unlike any other answer.
 */
export function isConnectionError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 0 || UNREACHABLE_STATUSES.has(error.status));
}
