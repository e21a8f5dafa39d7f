// Imports nothing: the build's early-request script (web/build/early-me-script.ts) reads it too.

/** Where the session's tokens are kept in localStorage. */
export const SESSION_STORAGE_KEY = 'portal-session';
