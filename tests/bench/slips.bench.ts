// Issuing payslips at size (issue 29, acceptance 5): 2,000 employees with a contract on a fresh
// PGlite, a 2,000-row, 40-column .xlsx and the same rows as a Shift_JIS CSV. Measured through the
// module's actions (the HTTP layer adds a JSON parse of the 2 MB body, nothing per row): check and
// preview of each file (target ≤ 5 s), then the issue of the .xlsx with its history row, slips, bells
// and outbox rows (target ≤ 10 s). `BENCH_SLIPS_EMPLOYEES=200 npm run bench -- slips` for a quick run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { TUploadPreview } from '@portal/shared/contracts/uploads';
import { requestContext } from '../../api/src/context.ts';
import { openPglite } from '../../api/src/db/client.ts';
import { contracts, employees } from '../../api/src/db/schema/employees.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { createLogger } from '../../api/src/logger.ts';
import { checkUpload, issueUpload } from '../../api/src/modules/slips/issue-upload.ts';
import { prepareDatabase } from '../../api/src/prepare-database.ts';

const EMPLOYEES = Number(process.env.BENCH_SLIPS_EMPLOYEES ?? 2000);
const TARGET = { checkSeconds: 5, issueSeconds: 10 };
const PAYMENTS = 18;
const DEDUCTIONS = 12;
const ATTENDANCE = 5;

const header = [
  '社員番号',
  '氏名',
  ...Array.from({ length: PAYMENTS }, (_, i) => `支給:手当${i + 1}`),
  ...Array.from({ length: DEDUCTIONS }, (_, i) => `控除:控除${i + 1}`),
  ...Array.from({ length: ATTENDANCE }, (_, i) => `勤怠:勤怠${i + 1}`),
  '支給合計',
  '控除合計',
  '差引支給額',
];

function rowOf(i: number): (string | number)[] {
  const pays = Array.from({ length: PAYMENTS }, (_, k) => 10_000 + ((i * 7 + k * 13) % 5_000));
  const deds = Array.from({ length: DEDUCTIONS }, (_, k) => 1_000 + ((i * 3 + k * 11) % 900));
  const paid = pays.reduce((s, n) => s + n, 0);
  const deducted = deds.reduce((s, n) => s + n, 0);
  return [
    `B${String(i).padStart(5, '0')}`,
    `社員 ${i}`,
    ...pays,
    ...deds,
    ...Array.from({ length: ATTENDANCE }, (_, k) => `${20 - k} 日`),
    paid,
    deducted,
    paid - deducted,
  ];
}

async function seconds<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
}

const dir = await mkdtemp(path.join(tmpdir(), 'slips-bench-'));
const handle = await openPglite(dir);
try {
  await prepareDatabase(handle, { seedDemo: 'never', logger: createLogger('silent') });
  const db = handle.db;
  const [admin] = await db
    .insert(users)
    .values({ username: 'bench-hr', fullName: '人事 ベンチ', email: 'hr@example.test', isSuperuser: true })
    .returning({ id: users.id });
  for (let i = 0; i < EMPLOYEES; i += 500) {
    const part = Array.from({ length: Math.min(500, EMPLOYEES - i) }, (_, k) => i + k);
    const accounts = await db
      .insert(users)
      .values(
        part.map((n) => ({ username: `bench${n}`, fullName: `社員 ${n}`, email: `bench${n}@example.test` })),
      )
      .returning({ id: users.id });
    const made = await db
      .insert(employees)
      .values(
        part.map((n, k) => ({
          userId: accounts[k]!.id,
          code: `B${String(n).padStart(5, '0')}`,
          lastName: '社員',
          firstName: String(n),
        })),
      )
      .returning({ id: employees.id });
    await db.insert(contracts).values(made.map((e) => ({ employeeId: e.id, startDate: '2020-04-01' })));
  }
  const rows = Array.from({ length: EMPLOYEES }, (_, i) => rowOf(i));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('給与');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  const csv = iconv.encode(
    [header, ...rows].map((r) => r.map(String).join(',')).join('\r\n') + '\r\n',
    'cp932',
  );
  const ctx = requestContext(
    db,
    { id: admin!.id, username: 'bench-hr', isStaff: true, isSuperuser: true },
    'bench',
  );
  const settings = { kind: 'salary', year: 2030, month: 4, paid_on: '2030-04-25', publish_at: null };
  const xlsxBody = { ...settings, file_name: 'bench.xlsx', content: xlsx.toString('base64') };
  const csvBody = { ...settings, file_name: 'bench.csv', content: csv.toString('base64') };
  console.log(
    `${EMPLOYEES} employees, ${header.length} columns: .xlsx ${(xlsx.length / 1024).toFixed(0)} KB, Shift_JIS CSV ${(csv.length / 1024).toFixed(0)} KB`,
  );
  // The first check also loads ExcelJS and warms the JIT: reported apart from a second one.
  const [, coldCheck] = await seconds(() => checkUpload({ ctx, input: xlsxBody }));
  const [xlsxPreview, xlsxCheck] = await seconds(() => checkUpload({ ctx, input: xlsxBody }));
  const [csvPreview, csvCheck] = await seconds(() => checkUpload({ ctx, input: csvBody }));
  for (const preview of [xlsxPreview, csvPreview] as TUploadPreview[])
    if (preview.errors.length > 0 || preview.matched !== EMPLOYEES)
      throw new Error(`preview: ${preview.errors.length} errors, ${preview.matched} matched`);
  const [result, issue] = await seconds(() =>
    issueUpload({ ctx, input: { ...xlsxBody, token: xlsxPreview.token } }),
  );
  const counted = (await db.execute(
    sql`select (select count(*) from payment_slips)::int as slips, (select count(*) from notifications)::int as bells,
      (select count(*) from outbox)::int as outbox, (select count(*) from slip_uploads)::int as uploads`,
  )) as unknown as { rows: Record<string, number>[] };
  const verdict = (s: number, target: number) =>
    `${s.toFixed(2)} s (target ≤ ${target} s: ${s <= target ? 'met' : 'MISSED'})`;
  console.log(`check + preview, .xlsx (cold):     ${verdict(coldCheck, TARGET.checkSeconds)}`);
  console.log(`check + preview, .xlsx:            ${verdict(xlsxCheck, TARGET.checkSeconds)}`);
  console.log(`check + preview, Shift_JIS CSV:     ${verdict(csvCheck, TARGET.checkSeconds)}`);
  console.log(`issue (.xlsx, ${result.slips} slips + notices): ${verdict(issue, TARGET.issueSeconds)}`);
  console.log(`written: ${JSON.stringify(counted.rows[0])}`);
} finally {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
}
