// Errors the services throw. Each knows its HTTP status, its `code` (shared ERROR_CODES) and its
// Japanese `detail`; middleware/error-handler.ts is the one place that turns them into responses.
import type { z } from 'zod';
import { NON_FIELD_ERRORS, type TErrorCode } from '@portal/shared/contracts/errors';
import { API_MSG, FIELD_MSG } from '@portal/shared/messages';

export type FieldErrors = Record<string, string[]>;

export abstract class ApiError extends Error {
  abstract readonly status: number;
  abstract readonly code: TErrorCode;

  constructor(readonly detail: string) {
    super(detail);
    this.name = new.target.name;
  }

  /** The response body; field errors override this. */
  body(): Record<string, unknown> {
    return { detail: this.detail, code: this.code };
  }
}

/** 400 with `{field: ["…"]}` (Django REST style); errors not tied to a field go under non_field_errors. */
export class ValidationError extends ApiError {
  readonly status = 400;
  readonly code = 'validation_error';

  constructor(readonly fields: FieldErrors) {
    super(API_MSG.invalidInput);
  }

  static field(name: string, message: string): ValidationError {
    return new ValidationError({ [name]: [message] });
  }

  static fromZod(error: z.core.$ZodError): ValidationError {
    // Keys come from the request (unknown fields): collected in a Map, `__proto__`, `constructor` or
    // `toString` are plain keys instead of Object.prototype's members. Object.fromEntries defines
    // them as own properties of an ordinary object (one without a prototype breaks drizzle's checks
    // when the answer is stored for an idempotent retry).
    const fields = new Map<string, string[]>();
    const add = (key: string, message: string) => {
      const messages = fields.get(key);
      if (messages) messages.push(message);
      else fields.set(key, [message]);
    };
    for (const issue of error.issues) {
      const base = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) add(base ? `${base}.${key}` : key, FIELD_MSG.unknownField);
      } else {
        add(base || NON_FIELD_ERRORS, issue.message);
      }
    }
    return new ValidationError(Object.fromEntries(fields));
  }

  override body(): Record<string, unknown> {
    return this.fields;
  }
}

export class ParseError extends ApiError {
  readonly status = 400;
  readonly code = 'parse_error';
  constructor(detail: string = API_MSG.malformedJson) {
    super(detail);
  }
}

export class AuthenticationFailed extends ApiError {
  readonly status = 401;
  readonly code = 'authentication_failed';
  constructor(detail: string = API_MSG.invalidCredentials) {
    super(detail);
  }
}

export class NotAuthenticated extends ApiError {
  readonly status = 401;
  readonly code = 'not_authenticated';
  constructor(detail: string = API_MSG.notAuthenticated) {
    super(detail);
  }
}

/** Forged, expired, revoked or otherwise unusable token. */
export class InvalidToken extends ApiError {
  readonly status = 401;
  readonly code = 'token_invalid';
  constructor(detail: string = API_MSG.invalidToken) {
    super(detail);
  }
}

/** A refresh token presented a second time: its whole session has just been revoked. */
export class TokenReused extends ApiError {
  readonly status = 401;
  readonly code = 'token_reused';
  constructor() {
    super(API_MSG.refreshReused);
  }
}

export class PermissionDenied extends ApiError {
  readonly status = 403;
  readonly code = 'permission_denied';
  constructor(detail: string = API_MSG.permissionDenied) {
    super(detail);
  }
}

export class NotFound extends ApiError {
  readonly status = 404;
  readonly code = 'not_found';
  constructor(detail: string = API_MSG.notFound) {
    super(detail);
  }
}

export class MethodNotAllowed extends ApiError {
  readonly status = 405;
  readonly code = 'method_not_allowed';
  constructor() {
    super(API_MSG.methodNotAllowed);
  }
}

export class Conflict extends ApiError {
  readonly status = 409;
  readonly code = 'conflict';
  constructor(detail: string = API_MSG.conflict) {
    super(detail);
  }
}

export class PayloadTooLarge extends ApiError {
  readonly status = 413;
  readonly code = 'payload_too_large';
  constructor(detail: string = API_MSG.payloadTooLarge) {
    super(detail);
  }
}

export class UnsupportedMediaType extends ApiError {
  readonly status = 415;
  readonly code = 'unsupported_media_type';
  constructor() {
    super(API_MSG.unsupportedMediaType);
  }
}

export class Throttled extends ApiError {
  readonly status = 429;
  readonly code = 'throttled';
  constructor(
    readonly retryAfterSeconds: number,
    detail: string = API_MSG.tooManyRequests,
  ) {
    super(detail);
  }
}

/**
 * An answer outside its endpoint's contract, found by the check route.ts runs under tests: a 500
 * whose body names the entry and what broke, so the failing test says it.
 */
export class AnswerBreaksContract extends Error {
  constructor(
    readonly entry: string,
    readonly issues: string,
  ) {
    super(`${entry} answered outside its contract:\n${issues}`);
    this.name = 'AnswerBreaksContract';
  }
}
