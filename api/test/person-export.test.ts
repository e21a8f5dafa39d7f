// Issue 34, one person's data (個人情報保護法 §33): yamada's zip holds his records, the files of his
// requests and every version of his attendance report (each resubmission with its own timesheet),
// his slips as PDF, and nobody else's (every id checked against the database); HR's export of him
// is logged, his own is not; another employee gets only their own data, never his.
import JSZip from 'jszip';
import { and, eq, isNull, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { accessLog } from '../src/db/schema/privacy.ts';
import { paymentSlips, withholdingSlips } from '../src/db/schema/slips.ts';
import { attachments } from '../src/db/schema/tasks.ts';
import { users } from '../src/db/schema/users.ts';
import { visibleToEmployee } from '../src/modules/slips/slip-visibility.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { act, awaiting, tokens, type As } from './support/workflow-fixtures.ts';
import { ATTENDANCE_WORKFLOW_ID, getMonth, upload, withDefaultInput } from './support/attendance-fixtures.ts';

let t: TestContext;
let as: As;
let yamada: { id: number; userId: number };
let taskId: number;

function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

async function download(username: string, path: string) {
  return request(t.app)
    .get(path)
    .set(await as(username))
    .buffer(true)
    .parse(binary);
}

async function employeeOf(username: string) {
  const [row] = await t.db
    .select({ id: employees.id, userId: users.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!;
}

async function ids(query: ReturnType<typeof sql>): Promise<number[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

async function json(zip: JSZip, name: string): Promise<Record<string, unknown>[]> {
  const file = zip.file(name);
  expect(file, name).not.toBeNull();
  return JSON.parse(await file!.async('string')) as Record<string, unknown>[];
}

const idsOf = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

async function resubmit(file: string) {
  const month = await getMonth(t, as, 'yamada', 2025, 5);
  const res = await request(t.app)
    .post(`/api/task/tasks/${taskId}/resubmit/`)
    .set(await as('yamada'))
    .send({
      ...withDefaultInput(month),
      year: 2025,
      month: 5,
      work_time_file: upload(file, Buffer.from(file)),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function sendBack() {
  const node = await awaiting(t, as, taskId, 'yamada');
  const res = await act(t, as, 'suzuki', taskId, node.id, {
    action: 'send_back',
    comment: '確認してください',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  yamada = await employeeOf('yamada');
  const month = await getMonth(t, as, 'yamada', 2025, 5);
  const res = await request(t.app)
    .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
    .set(await as('yamada'))
    .send({
      ...withDefaultInput(month),
      year: 2025,
      month: 5,
      work_time_file: upload('勤務表1.pdf', Buffer.from('勤務表1.pdf')),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  taskId = res.body.id;
  await sendBack();
  await resubmit('勤務表2.pdf');
  await sendBack();
  await resubmit('勤務表3.pdf');
});
afterAll(() => t?.close());

describe('a report resubmitted twice', () => {
  it('keeps every version’s own timesheet file', async () => {
    const files = await t.db
      .select({ field: attachments.fieldName, content: attachments.content })
      .from(attachments)
      .where(eq(attachments.taskId, taskId))
      .orderBy(attachments.fieldName);
    expect(files.map((f) => [f.field, f.content.toString()])).toEqual([
      ['work_time_file', '勤務表3.pdf'],
      ['work_time_file@v1', '勤務表1.pdf'],
      ['work_time_file@v2', '勤務表2.pdf'],
    ]);
  });
});

describe('GET account/export/', () => {
  let zip: JSZip;
  let before: number;

  beforeAll(async () => {
    before = (await t.db.select({ id: accessLog.id }).from(accessLog)).length;
    const res = await download('yamada', '/api/account/export/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    zip = await JSZip.loadAsync(res.body as Buffer);
  });

  it('holds his profile and nobody else’s records, every id checked against the database', async () => {
    expect(idsOf(await json(zip, 'profile.json'))).toEqual([yamada.id]);
    expect(idsOf(await json(zip, 'account.json'))).toEqual([yamada.userId]);
    const byEmployee: [string, string][] = [
      ['contracts', 'contracts'],
      ['positions', 'positions'],
      ['contacts', 'emergency_contacts'],
      ['bank_accounts', 'bank_accounts'],
      ['commuting', 'commuting_routes'],
      ['residence_history', 'record_changes'],
      ['leave', 'vacations'],
      ['leave_grants', 'paid_leave_grants'],
      ['attendance_versions', 'attendance_versions'],
      ['attendance_drafts', 'attendance_drafts'],
    ];
    for (const [file, table] of byEmployee) {
      const rows = await json(zip, `${file}.json`);
      expect(
        rows.every((r) => Number(r.employee_id) === yamada.id),
        file,
      ).toBe(true);
      expect(idsOf(rows), file).toEqual(
        await ids(sql`select id from ${sql.identifier(table)} where employee_id = ${yamada.id}`),
      );
      expect(zip.file(`${file}.csv`), file).not.toBeNull();
    }
    expect(idsOf(await json(zip, 'bank_accounts.json')).length).toBeGreaterThan(0);
  });

  it('holds his requests, their comments and files, and every attendance version', async () => {
    const mine = await ids(
      sql`select id from tasks where employee_id = ${yamada.id} or applicant_id = ${yamada.userId}`,
    );
    expect(idsOf(await json(zip, 'requests.json'))).toEqual(mine);
    expect(mine).toContain(taskId);
    const events = await json(zip, 'request_comments.json');
    expect(events.every((e) => mine.includes(Number(e.task_id)))).toBe(true);
    expect(events.filter((e) => e.action === 'send_back' && Number(e.task_id) === taskId)).toHaveLength(2);
    const versions = (await json(zip, 'attendance_versions.json')).filter(
      (v) => Number(v.task_id) === taskId,
    );
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    const files = await json(zip, 'request_attachments.json');
    expect(idsOf(files)).toEqual(
      await ids(
        sql`select id from attachments where task_id in (${sql.join(
          mine.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    for (const n of [1, 2, 3]) {
      const row = files.find((f) => f.name === `勤務表${n}.pdf`)!;
      const file = zip.file(`attachments/${taskId}/${String(row.id)}_勤務表${n}.pdf`);
      expect(await file!.async('string')).toBe(`勤務表${n}.pdf`);
    }
  });

  it('holds his published slips as PDF and no one else’s', async () => {
    const pdfs = Object.keys(zip.files).filter((name) => name.startsWith('slips/') && !zip.files[name]!.dir);
    const payment = await t.db
      .select({ id: paymentSlips.id })
      .from(paymentSlips)
      .where(and(eq(paymentSlips.employeeId, yamada.id), visibleToEmployee(paymentSlips)));
    const withholding = await t.db
      .select({ id: withholdingSlips.id })
      .from(withholdingSlips)
      .where(and(eq(withholdingSlips.employeeId, yamada.id), visibleToEmployee(withholdingSlips)));
    expect(payment.length).toBeGreaterThan(0);
    expect(pdfs.sort()).toEqual(
      [
        ...payment.map((s) => `slips/payment_${s.id}.pdf`),
        ...withholding.map((s) => `slips/withholding_${s.id}.pdf`),
      ].sort(),
    );
    const head = await zip.file(pdfs[0]!)!.async('nodebuffer');
    expect(head.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('explains each file in Japanese and writes no access row', async () => {
    const readme = await zip.file('README.txt')!.async('string');
    expect(readme).toContain('山田 太郎 さんの個人データ');
    expect(readme).toContain('bank_accounts.json / bank_accounts.csv: 口座情報');
    expect((await t.db.select({ id: accessLog.id }).from(accessLog)).length).toBe(before);
  });
});

describe('GET admin/people/{id}/export/', () => {
  it('gives HR the same zip, with every current slip, and logs the export', async () => {
    const res = await download('hr', `/api/admin/people/${yamada.id}/export/`);
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(res.body as Buffer);
    expect(idsOf(await json(zip, 'profile.json'))).toEqual([yamada.id]);
    const current = await t.db
      .select({ id: paymentSlips.id })
      .from(paymentSlips)
      .where(and(eq(paymentSlips.employeeId, yamada.id), isNull(paymentSlips.retiredAt)));
    expect(Object.keys(zip.files).filter((n) => n.startsWith('slips/payment_'))).toHaveLength(current.length);
    const hr = await employeeOf('hr');
    const logged = await t.db
      .select({ subjects: accessLog.subjects, action: accessLog.action })
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'person_export'), eq(accessLog.actorId, hr.userId)));
    expect(logged).toEqual([{ subjects: [yamada.id], action: 'export' }]);
  });

  it('refuses another employee, who gets only their own data from account/export/', async () => {
    const refused = await download('kato', `/api/admin/people/${yamada.id}/export/`);
    expect(refused.status).toBe(403);
    const own = await download('kato', '/api/account/export/');
    expect(own.status).toBe(200);
    const zip = await JSZip.loadAsync(own.body as Buffer);
    const kato = await employeeOf('kato');
    expect(idsOf(await json(zip, 'profile.json'))).toEqual([kato.id]);
    const requests = await json(zip, 'requests.json');
    expect(requests.map((r) => Number(r.id))).not.toContain(taskId);
    expect(
      (await json(zip, 'attendance_versions.json')).every((v) => Number(v.employee_id) === kato.id),
    ).toBe(true);
  });

  it('answers 404 for an employee that does not exist', async () => {
    expect((await download('hr', '/api/admin/people/999999/export/')).status).toBe(404);
  });
});
