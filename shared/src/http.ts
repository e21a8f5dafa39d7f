// Constants of the HTTP contract that code can import without zod: the web's sign-in page and its API
// client stay small by loading zod only when a form first validates. contracts/auth.ts and
// contracts/errors.ts re-export them.

/** The JWT header scheme word (spec §7): `Authorization: JWT <access>`. */
export const AUTH_SCHEME = 'JWT';
export const CAS_TOKEN_HEADER = 'X-Cas-Token';

/** The key of a 400 answer's errors that belong to no single field. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/**
 * A client's name for one submission attempt (a UUID): sent again with a retry of the same POST, the
 * server answers what it answered the first time instead of creating the thing twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long the server remembers a key's answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Set on an answer that repeats the first one. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
