import { MSG } from '@portal/shared/messages';
import { ApiError } from './api-error.ts';

/**
 * The messages an error toast shows (spec §8.1): the `detail` when there is one; otherwise every
 * message of every array-valued key except `status_code`; otherwise the unexpected-error message.
 */
export function errorMessages(error: unknown): string[] {
  const body = error instanceof ApiError ? error.body : error;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [MSG.unexpected];
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string' && record.detail !== '') return [record.detail];
  const messages = Object.entries(record)
    .filter(([key, value]) => key !== 'status_code' && Array.isArray(value))
    .flatMap(([, value]) => (value as unknown[]).map((item) => String(item)));
  return messages.length > 0 ? messages : [MSG.unexpected];
}

/** The one line a form shows when it failed (spec §8.1 "generic form error handler"). */
export function formErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : MSG.unexpected;
}
