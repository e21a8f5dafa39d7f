export function sourcesDigest(root: string): string;
export function webBuildIsCurrent(root: string): boolean;
export function ensureWebBuilt(root: string, options?: { log?: (line: string) => void }): boolean;
