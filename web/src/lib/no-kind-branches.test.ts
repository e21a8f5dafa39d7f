// A request kind is a plug-in (docs/structure.md "How to add a request kind"): no code outside the
// kind's own module branches on its name. The API asks the kind's hooks (modules/tasks/
// workflow-kinds.ts), the web its registry entry (components/task-kind-views.tsx, app/task-kinds.ts),
// the bot reads what the API answers (card sections, reject reasons). Tests may name kinds.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_KINDS } from '@portal/shared/workflow/codes';

/** The repository: vitest runs in web/ (the test environment's import.meta.url is not a file URL). */
const ROOT = resolve(process.cwd(), '..');

/** Where a kind may name itself: its own modules. */
const KIND_HOMES = [
  'api/src/modules/attendance/',
  'api/src/modules/expense/',
  'api/src/modules/vacations/',
  'web/src/features/attendance/',
  'web/src/features/expense/',
  'web/src/features/vacations/',
];

const names = WORKFLOW_KINDS.map((k) => k.value).join('|');
/** `kind === 'vacation'`, `'attendance' !== workflow.kind`, `case 'vacation':`, an `isVacation`. */
const KIND_BRANCH = new RegExp(
  [
    String.raw`\w*[kK]ind\??\s*[!=]==?\s*['"\`](${names})['"\`]`,
    String.raw`['"\`](${names})['"\`]\s*[!=]==?\s*[\w.?]*[kK]ind\b`,
    String.raw`\bcase\s+['"\`](${names})['"\`]\s*:`,
    String.raw`\bis(${WORKFLOW_KINDS.map((k) => k.value.charAt(0).toUpperCase() + k.value.slice(1)).join('|')})\b`,
  ].join('|'),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const branching = ['api/src', 'web/src', 'bot/src', 'shared/src']
  .flatMap((dir) => sourceFiles(join(ROOT, dir)))
  .map((file) => relative(ROOT, file))
  .filter((file) => !KIND_HOMES.some((home) => file.startsWith(home)))
  .flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (KIND_BRANCH.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );

describe('request kinds are plug-ins', () => {
  it('recognises a branch on a kind by name', () => {
    for (const line of [
      "const isVacation = task.workflow_kind === 'vacation';",
      "if (values.kind === 'vacation') {",
      "workflow.data?.kind === 'attendance'",
      "'expense' !== workflow.kind",
      "case 'asset_lend':",
    ])
      expect(KIND_BRANCH.test(line), line).toBe(true);
    for (const line of [
      "if (outcome.kind === 'reused')",
      "kind: 'vacation',",
      "eq(workflows.kind, 'attendance')",
    ])
      expect(KIND_BRANCH.test(line), line).toBe(false);
  });

  it('branches on no kind by name outside the kind modules', () => {
    expect(branching).toEqual([]);
  });
});
