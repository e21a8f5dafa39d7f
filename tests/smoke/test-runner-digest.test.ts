// `npm test` closes by naming every failed test and the slowest files, because CI keeps only the tail
// of its output. These run real vitest and Playwright reports through the digest, one failing test each.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { digestPlaywright, digestVitest } from '../../scripts/lib/report-digest.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the repository, so the scratch tests resolve vitest and Playwright from its node_modules.
const dir = mkdtempSync(path.join(root, 'tests', '.digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, CI: 'true', ...env },
  }).catch((err: { code: number }) => err);

describe('the test runner’s closing digest', () => {
  it('names the failed vitest test with its first error line, and times each file', async () => {
    writeFileSync(
      path.join(dir, 'vitest.config.mjs'),
      'export default { test: { include: ["*.test.mjs"] } };',
    );
    writeFileSync(
      path.join(dir, 'one.test.mjs'),
      `import { it, expect } from 'vitest';
       it('adds', () => expect(1 + 1).toBe(2));
       it('counts the 申請', () => expect('承認').toBe('差戻し'));`,
    );
    const out = path.join(dir, 'vitest.json');
    await run([
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ]);
    const digest = digestVitest(JSON.parse(readFileSync(out, 'utf8')), dir);
    expect(digest.failures).toEqual([
      {
        name: 'one.test.mjs › counts the 申請',
        error: expect.stringContaining("expected '承認' to be '差戻し'"),
      },
    ]);
    expect(digest.files).toEqual([{ name: 'one.test.mjs', seconds: expect.any(Number) }]);
  });

  it('names the failed Playwright test with its describe path and project, its expected and received values and line', async () => {
    writeFileSync(
      path.join(dir, 'pw.config.mjs'),
      'export default { testDir: ".", testMatch: "*.spec.mjs", projects: [{ name: "desktop" }] };',
    );
    writeFileSync(
      path.join(dir, 'one.spec.mjs'),
      `import { test, expect } from '@playwright/test';
       test.describe('勤怠', () => {
         test('passes', () => expect(1).toBe(1));
         test('fails', () => expect('a', 'the status').toBe('b'));
       });`,
    );
    const out = path.join(dir, 'pw.json');
    await run(
      [
        path.join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        '--config',
        path.join(dir, 'pw.config.mjs'),
        '--reporter=json',
      ],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    );
    const digest = digestPlaywright(JSON.parse(readFileSync(out, 'utf8')));
    expect(digest.failures).toEqual([
      {
        name: 'one.spec.mjs › [desktop] 勤怠 › fails',
        error: expect.stringMatching(
          /the status[\s\S]*Expected: "b"[\s\S]*Received: "a"[\s\S]*at [^\n]*one\.spec\.mjs:4$/,
        ),
      },
    ]);
    expect(digest.files).toEqual([{ name: 'one.spec.mjs', seconds: expect.any(Number) }]);
  });
});
