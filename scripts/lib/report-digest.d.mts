export interface Digest {
  failures: { name: string; error: string }[];
  files: { name: string; seconds: number }[];
}
export function digestVitest(report: unknown, root: string): Digest;
export function digestPlaywright(report: unknown): Digest;
