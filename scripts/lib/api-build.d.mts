export const API_BUILD_DIR: string;
export const API_ENTRY: string;
export function apiSourcesDigest(root: string): string;
export function apiBuildIsCurrent(root: string): boolean;
export function ensureApiBuilt(root: string, options?: { log?: (line: string) => void }): Promise<boolean>;
