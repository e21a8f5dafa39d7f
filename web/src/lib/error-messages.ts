import { MSG } from '@portal/shared/messages';
import { ApiError, isConnectionError } from './api-error.ts';

/** Said when the API cannot be reached (ours: the spec's catalogue has no such message). */
export const CONNECTION_MESSAGE = 'サーバーに接続できません。通信環境を確認して、もう一度お試しください。';

/**
 * The messages an error toast shows (spec §8.1): the `detail` when there is one; otherwise every
 * message of every array-valued key except `status_code`; otherwise the unexpected-error message.
 * An API that could not be reached says so instead (unless its gateway gave a detail).
 */
export function errorMessages(error: unknown): string[] {
  if (isConnectionError(error) && !error.detail) return [CONNECTION_MESSAGE];
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
  if (error instanceof ApiError && error.detail) return error.detail;
  return isConnectionError(error) ? CONNECTION_MESSAGE : MSG.unexpected;
}
