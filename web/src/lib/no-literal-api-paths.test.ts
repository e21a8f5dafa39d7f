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

const NOT_YET_MIGRATED = new Set([
  'web/src/api/get-statistics.ts',
  'web/src/api/get-task-statistics.ts',
  'web/src/app/layout/queue-board.ts',
  'web/src/config/paths.ts',
  'web/src/features/admin/api/admin-api.ts',
  'web/src/features/attendance/api/download-pdf.ts',
  'web/src/features/attendance/api/download-timesheet.ts',
  'web/src/features/attendance/api/get-attendance-details.ts',
  'web/src/features/attendance/api/get-attendance-employees.ts',
  'web/src/features/attendance/api/get-attendance-month.ts',
  'web/src/features/attendance/api/get-attendance-report.ts',
  'web/src/features/attendance/api/get-correction.ts',
  'web/src/features/attendance/api/save-attendance-draft.ts',
  'web/src/features/attendance/api/save-correction.ts',
  'web/src/features/attendance/api/submit-attendance.ts',
  'web/src/features/auth/api/cas-auth.ts',
  'web/src/features/auth/api/get-auth-methods.ts',
  'web/src/features/auth/api/get-me.ts',
  'web/src/features/auth/api/lark-auth.ts',
  'web/src/features/auth/api/logout.ts',
  'web/src/features/auth/api/token-auth.ts',
  'web/src/features/bank-accounts/api/bank-accounts.ts',
  'web/src/features/company/api/get-company-calendar.ts',
  'web/src/features/company/api/get-company-info.ts',
  'web/src/features/company/api/update-company-calendar.ts',
  'web/src/features/contacts/api/contacts.ts',
  'web/src/features/expense/api/download-attendance.ts',
  'web/src/features/password/password-change.tsx',
  'web/src/features/profile/api/profile.ts',
  'web/src/features/tasks/api/approve-node.ts',
  'web/src/features/tasks/api/cancel-vacation.ts',
  'web/src/features/tasks/api/create-task.ts',
  'web/src/features/tasks/api/download-attachment.ts',
  'web/src/features/tasks/api/get-task-form.ts',
  'web/src/features/tasks/api/get-task-nodes.ts',
  'web/src/features/tasks/api/get-task.ts',
  'web/src/features/tasks/api/get-tasks.ts',
  'web/src/features/tasks/api/get-undo-info.ts',
  'web/src/features/tasks/api/get-workflow-form.ts',
  'web/src/features/tasks/api/get-workflows.ts',
  'web/src/features/tasks/api/resubmit-task.ts',
  'web/src/features/tasks/api/search-choices.ts',
  'web/src/features/tasks/api/undo-node.ts',
  'web/src/features/tasks/api/withdraw-task.ts',
]);

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
