// The one place errors become responses. Always JSON with a Japanese message; never a stack trace,
// never HTML. Anything we did not anticipate is a 500 with a generic message and the cause in the log.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { API_MSG, MSG } from '@portal/shared/messages';
import {
  AnswerBreaksContract,
  ApiError,
  Conflict,
  NotFound,
  ParseError,
  PayloadTooLarge,
  Throttled,
  UnsupportedMediaType,
  ValidationError,
} from '../errors.ts';
import { userIdOf } from './authenticate.ts';
import { requestLog } from './request-logger.ts';

/** body-parser marks its errors with a `type`; these are the client's fault. */
const BODY_ERRORS: Record<string, () => ApiError> = {
  'entity.parse.failed': () => new ParseError(),
  'entity.too.large': () => new PayloadTooLarge(),
  'encoding.unsupported': () => new UnsupportedMediaType(),
  'charset.unsupported': () => new UnsupportedMediaType(),
  'request.aborted': () => new ParseError(),
  'request.size.invalid': () => new ParseError(),
  'parameters.too.many': () => new PayloadTooLarge(),
};

/** SQLSTATE classes that mean "the request conflicts with data" or "the input slipped past validation". */
const CONFLICT_STATES = new Set(['23505', '23503', '40001', '40P01']);
// 22021 / 22P05: a character PostgreSQL cannot store (U+0000) that slipped past the boundary check.
const BAD_INPUT_STATES = new Set([
  '23502',
  '23514',
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
  '54000',
]);

function sqlStateOf(error: unknown): string | undefined {
  // drizzle wraps driver errors (DrizzleQueryError.cause); node-postgres and PGlite both carry `code`.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function bodyErrorOf(error: unknown): ApiError | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? BODY_ERRORS[type]?.() : undefined;
}

/**
 * Errors from Express, its router and body-parser (http-errors) carry the status they mean: a path
 * that is not valid percent-encoding, a gzip or br body that does not inflate. Honour 4xx ones.
 */
function clientErrorOf(error: unknown): ApiError | undefined {
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499 || expose === false) return undefined;
  if (status === 413) return new PayloadTooLarge();
  if (status === 415) return new UnsupportedMediaType();
  return new ParseError(API_MSG.malformedRequest);
}

function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof z.core.$ZodError) return ValidationError.fromZod(error);
  const bodyError = bodyErrorOf(error);
  if (bodyError) return bodyError;
  const state = sqlStateOf(error);
  if (state && CONFLICT_STATES.has(state)) return new Conflict();
  if (state && BAD_INPUT_STATES.has(state))
    return new ValidationError({ non_field_errors: [API_MSG.invalidInput] });
  return clientErrorOf(error);
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const apiError = toApiError(error);
  if (!apiError) {
    requestLog(req).error({ err: error }, 'unhandled error');
    // Only under tests: the contract check's finding, for the failing test to show.
    const contract = error instanceof AnswerBreaksContract ? { contract: error.message } : {};
    res.status(500).json({ detail: MSG.unexpected, code: 'server_error', ...contract });
    return;
  }
  if (apiError.status === 401) res.setHeader('WWW-Authenticate', 'JWT realm="api"');
  if (apiError instanceof Throttled) res.setHeader('Retry-After', String(apiError.retryAfterSeconds));
  if (!(error instanceof ApiError)) requestLog(req).warn({ err: error }, 'request rejected');
  // A refusal is worth a line of its own: who was refused, and where (issue 39).
  if (apiError.status === 403) requestLog(req).warn({ userId: userIdOf(req) }, 'permission refused');
  res.status(apiError.status).json(apiError.body());
};

/** Any /api path no router answered. */
export const apiNotFound: RequestHandler = (_req, _res, next) => next(new NotFound(API_MSG.pathNotFound));
