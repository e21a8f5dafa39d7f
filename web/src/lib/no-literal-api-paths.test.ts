// No literal API path in web/src or bot/src: calls go by entry of the endpoint table
// (shared/src/endpoints/, `api.call(notifications.list, …)`, the bot's `callEndpoint`), so a path is
// spelled once (issue 28; the last two files moved with the queue dashboard's door).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository: vitest runs in web/ (the test environment's import.meta.url is not a file URL). */
const ROOT = resolve(process.cwd(), '..');

/** A path-taking call of the web client or the bot's, or a string that starts with /api/. */
const LITERAL_PATH =
  /\bapi\.(get|post|put|patch|delete|download)\s*(<|\()|\bserviceCall\s*\(\s*\w+\s*,\s*\w+\s*,\s*'[A-Z]+'\s*,|['"`]\/api\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const scanned = ['web/src', 'bot/src'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
const spelling = scanned
  .filter((file) => LITERAL_PATH.test(readFileSync(file, 'utf8')))
  .map((file) => relative(ROOT, file));

describe('API paths come from the endpoint table', () => {
  it('spells no literal API path in any file', () => {
    // The walk read the sources, and the pattern knows each spelling it rules out.
    expect(scanned.length).toBeGreaterThan(300);
    for (const literal of [
      "api.get('/x/')",
      "api.post<T>('/x/')",
      "fetch('/api/x/')",
      "serviceCall(a, b, 'POST', ",
    ])
      expect(LITERAL_PATH.test(literal), literal).toBe(true);
    expect(spelling).toEqual([]);
  });
});
