// Imports nothing: the build's early-request script (web/build/early-me-script.ts) reads these too.

export const API_BASE = '/api';

/** The signed-in user, the first answer every signed-in page waits for. */
export const ME_PATH = '/account/me/';
