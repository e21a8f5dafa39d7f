// No literal API path in web/src or bot/src: calls go by entry of the endpoint table
// (shared/src/endpoints/, `api.call(notifications.list, …)`, the bot's `callEndpoint`), so a path is
// spelled once. NOT_YET_MIGRATED is a ratchet: the files that still spell paths when this rule came
// (issue 28). A new file with a literal path fails here; a migrated file must leave the list (the test
// says so), and the list only shrinks, module by module, until it is empty.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository: vitest runs in web/ (the test environment's import.meta.url is not a file URL). */
const ROOT = resolve(process.cwd(), '..');

/** A path-taking call of the web client or the bot's, or a string that starts with /api/. */
const LITERAL_PATH =
  /\bapi\.(get|post|put|patch|delete|download)\s*(<|\()|\bserviceCall\s*\(\s*\w+\s*,\s*\w+\s*,\s*'[A-Z]+'\s*,|['"`]\/api\//;

const NOT_YET_MIGRATED = new Set(['web/src/app/layout/queue-board.ts', 'web/src/config/paths.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const spelling = ['web/src', 'bot/src']
  .flatMap((dir) => sourceFiles(join(ROOT, dir)))
  .filter((file) => LITERAL_PATH.test(readFileSync(file, 'utf8')))
  .map((file) => relative(ROOT, file));

describe('API paths come from the endpoint table', () => {
  it('spells no literal API path outside the files not yet migrated', () => {
    expect(spelling.filter((file) => !NOT_YET_MIGRATED.has(file))).toEqual([]);
  });

  it('drops a migrated file from the list', () => {
    expect([...NOT_YET_MIGRATED].filter((file) => !spelling.includes(file))).toEqual([]);
  });
});
