// Issue 29, acceptance 1: issuing payslips and withholding slips (check → preview → issue), the
// three encodings of one file, every error at its line and column with nothing written, 409 on a
// file changed after its check, the My Number refusal, scheduled publication notified once, the
// correction of one employee, withdrawal, resend to those who have not opened, and consent.
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHHOLDING_LABELS } from '@portal/shared/contracts/slips';
import type { TUploadPreview, TUploadResult } from '@portal/shared/contracts/uploads';
import { PERM } from '@portal/shared/permissions';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { paymentSlips, slipUploads } from '../src/db/schema/slips.ts';
import { permissions, userPermissions, users } from '../src/db/schema/users.ts';
import { runSlipNotices, SLIP_NOTICE_MSG } from '../src/modules/slips/slip-notices.ts';
import { UPLOAD_FILE_MSG } from '../src/modules/slips/upload-file.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
const people: Record<string, { id: number; userId: number; code: string; name: string }> = {};

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  for (const username of ['yamada', 'suzuki', 'tanaka', 'kato', 'aoki']) {
    const [row] = await t.db
      .select({
        id: employees.id,
        userId: users.id,
        code: employees.code,
        last: employees.lastName,
        first: employees.firstName,
      })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, username));
    people[username] = {
      id: row!.id,
      userId: row!.userId,
      code: row!.code,
      name: `${row!.last} ${row!.first}`,
    };
  }
  // aoki reads the upload history but may not issue (view-only HR).
  const [perm] = await t.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.codename, PERM.viewUploadHistory));
  await t.db.insert(userPermissions).values({ userId: people.aoki!.userId, permissionId: perm!.id });
});
afterAll(() => t?.close());

const HEADER = [
  '社員番号',
  '氏名',
  '支給:基本給',
  '支給:残業手当',
  '控除:健康保険',
  '控除:所得税',
  '勤怠:出勤日数',
  '支給合計',
  '控除合計',
  '差引支給額',
  '備考',
];

/** A payslip row that adds up: base, overtime, insurance, tax. */
function payRow(who: string, base: number, overtime = 0, remark = ''): string[] {
  const p = people[who]!;
  const paid = base + overtime;
  const deducted = 10_000 + 5_000;
  return [
    p.code,
    p.name,
    String(base),
    overtime ? String(overtime) : '',
    '10000',
    '5000',
    '20',
    String(paid),
    String(deducted),
    String(paid - deducted),
    remark,
  ];
}

function csvText(rows: readonly (readonly string[])[]): string {
  return (
    rows
      .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\r\n') + '\r\n'
  );
}

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

async function xlsx(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('明細');
  for (const r of rows) sheet.addRow(r.map((c) => (/^-?\d+$/.test(c) ? Number(c) : c)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Settings {
  kind?: 'salary' | 'bonus' | 'withholding';
  year?: number;
  month?: number | null;
  paid_on?: string;
  publish_at?: string | null;
}

function body(fileName: string, content: string, s: Settings = {}) {
  return {
    kind: s.kind ?? 'salary',
    year: s.year ?? 2031,
    month: s.kind === 'withholding' ? null : (s.month ?? 1),
    paid_on: s.paid_on ?? '2031-01-25',
    publish_at: s.publish_at ?? null,
    file_name: fileName,
    content,
  };
}

async function check(user: string, b: ReturnType<typeof body>) {
  return request(t.app)
    .post('/api/expense/upload/check/')
    .set(await as(user))
    .send(b);
}

async function issue(user: string, b: ReturnType<typeof body>, token: string) {
  return request(t.app)
    .post('/api/expense/upload/')
    .set(await as(user))
    .send({ ...b, token });
}

/** Check then issue as hr; answers the result. */
async function checkAndIssue(
  b: ReturnType<typeof body>,
): Promise<TUploadResult & { preview: TUploadPreview }> {
  const checked = await check('hr', b);
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  const preview = checked.body as TUploadPreview;
  expect(preview.errors).toEqual([]);
  const issued = await issue('hr', b, preview.token);
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  return { ...(issued.body as TUploadResult), preview };
}

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const { rows: n } = (await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[table_name] = n[0]!.n;
  }
  return counts;
}

async function slipsOfUpload(uploadId: number) {
  return t.db
    .select({
      employeeId: paymentSlips.employeeId,
      netPay: paymentSlips.netPay,
      body: paymentSlips.body,
      retiredAt: paymentSlips.retiredAt,
    })
    .from(paymentSlips)
    .where(eq(paymentSlips.uploadId, uploadId))
    .orderBy(paymentSlips.employeeId);
}

describe('who may issue', () => {
  it('refuses employees (403) on check, issue and resend, and view-only HR on issuing', async () => {
    const b = body('a.csv', b64(csvText([HEADER, payRow('yamada', 300_000)])));
    for (const user of ['yamada', 'suzuki', 'aoki']) {
      expect((await check(user, b)).status).toBe(403);
      expect((await issue(user, b, 'f'.repeat(64))).status).toBe(403);
      const resend = await request(t.app)
        .post('/api/expense/resend/')
        .set(await as(user))
        .send({ upload_id: 1 });
      expect(resend.status).toBe(403);
    }
    const history = await request(t.app)
      .get('/api/expense/upload-history/')
      .set(await as('aoki'));
    expect(history.status).toBe(200);
    const refused = await request(t.app)
      .get('/api/expense/upload-history/')
      .set(await as('yamada'));
    expect(refused.status).toBe(403);
  });

  it("answers 404 on another employee's slip", async () => {
    const [slip] = await t.db
      .select({ id: paymentSlips.id })
      .from(paymentSlips)
      .where(eq(paymentSlips.employeeId, people.suzuki!.id))
      .limit(1);
    const res = await request(t.app)
      .get(`/api/payment-slip/${slip!.id}/`)
      .set(await as('yamada'));
    expect(res.status).toBe(404);
  });
});

describe('one file, three encodings', () => {
  it('issues identical slips from a Shift_JIS CSV, a UTF-8 CSV with BOM and an .xlsx', async () => {
    const rows = [
      HEADER,
      payRow('yamada', 300_000, 12_345, '交通費は別途'),
      payRow('suzuki', 410_000),
      payRow('tanaka', 280_000, 1_000),
    ];
    const text = csvText(rows);
    const files = [
      { name: 'sjis.csv', content: b64(iconv.encode(text, 'cp932')) },
      {
        name: 'bom.csv',
        content: b64(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])),
      },
      { name: 'book.xlsx', content: b64(await xlsx(rows)) },
    ];
    const issued = [];
    for (const [i, f] of files.entries()) {
      const result = await checkAndIssue(
        body(f.name, f.content, { month: 2 + i, paid_on: `2031-0${2 + i}-25` }),
      );
      expect(result.slips).toBe(3);
      expect(result.preview.matched).toBe(3);
      expect(result.preview.sums.map((s) => s.amount)).toEqual([
        300_000 + 12_345 + 410_000 + 280_000 + 1_000,
        45_000,
        300_000 + 12_345 + 410_000 + 280_000 + 1_000 - 45_000,
      ]);
      issued.push(
        (await slipsOfUpload(result.id)).map(({ employeeId, netPay, body: b }) => ({
          employeeId,
          netPay,
          b,
        })),
      );
    }
    expect(issued[1]).toEqual(issued[0]);
    expect(issued[2]).toEqual(issued[0]);
    const yamada = issued[0]!.find((s) => s.employeeId === people.yamada!.id)!;
    expect(yamada.b).toEqual({
      payments: [
        { label: '基本給', amount: 300_000 },
        { label: '残業手当', amount: 12_345 },
      ],
      deductions: [
        { label: '健康保険', amount: 10_000 },
        { label: '所得税', amount: 5_000 },
      ],
      attendance: [{ label: '出勤日数', value: '20' }],
      remarks: '交通費は別途',
    });
    // An empty cell leaves the item off that slip.
    const suzuki = issued[0]!.find((s) => s.employeeId === people.suzuki!.id)!;
    expect(suzuki.b.payments.map((l) => l.label)).toEqual(['基本給']);
  });

  it('reads 1,234, ￥1,234, full-width digits and negative amounts', async () => {
    const p = people.kato!;
    const row = [
      p.code,
      p.name,
      '￥300,000',
      '１２３',
      '10,000',
      '-5,000',
      '',
      '300,123',
      '5000',
      '295,123',
      '',
    ];
    const result = await checkAndIssue(
      body('k.csv', b64(csvText([HEADER, row])), { month: 6, paid_on: '2031-06-25' }),
    );
    const [slip] = await slipsOfUpload(result.id);
    expect(slip!.netPay).toBe(295_123);
    expect(slip!.body.deductions).toEqual([
      { label: '健康保険', amount: 10_000 },
      { label: '所得税', amount: -5_000 },
    ]);
  });
});

describe('a file with errors', () => {
  it('answers each error at its line and column, and issuing it writes nothing', async () => {
    const bad = (who: string, patch: (r: string[]) => void) => {
      const r = payRow(who, 300_000);
      patch(r);
      return r;
    };
    const rows = [
      HEADER,
      payRow('yamada', 300_000), // line 2: fine
      bad('suzuki', (r) => (r[0] = 'X9999')), // 3: unknown 社員番号
      payRow('yamada', 300_000), // 4: repeated, naming line 2
      bad('tanaka', (r) => (r[1] = people.kato!.name)), // 5: 氏名 of another (a shifted row)
      bad('kato', (r) => (r[2] = '30万')), // 6: not an integer
      bad('aoki', (r) => (r[9] = '1')), // 7: 差引支給額 does not add up
    ];
    const b = body('errors.csv', b64(csvText(rows)), { month: 7, paid_on: '2031-07-25' });
    const res = await check('hr', b);
    expect(res.status).toBe(200);
    const preview = res.body as TUploadPreview;
    expect(preview.errors).toEqual([
      { row: 3, column: '社員番号', message: UPLOAD_FILE_MSG.unknownCode('X9999') },
      { row: 4, column: '社員番号', message: '社員番号 が 2 行目と重複しています。' },
      { row: 5, column: '氏名', message: UPLOAD_FILE_MSG.nameMismatch(people.tanaka!.name) },
      { row: 6, column: '支給:基本給', message: '支給:基本給 は円単位の整数で入力してください。' },
      // 30万 unread: the sum of the items is 0, so 支給合計 does not add up either.
      { row: 6, column: '支給合計', message: UPLOAD_FILE_MSG.totalPayment(0) },
      {
        row: 7,
        column: '差引支給額',
        message: '差引支給額 が 支給合計 − 控除合計（285,000）と一致しません。',
      },
    ]);
    const before = await rowCounts();
    const refused = await issue('hr', b, preview.token);
    expect(refused.status).toBe(400);
    expect(refused.body.content).toEqual([UPLOAD_FILE_MSG.hasErrors]);
    expect(await rowCounts()).toEqual(before);
  });

  it('takes width and spaces in 氏名 as the same name', async () => {
    const p = people.yamada!;
    const row = payRow('yamada', 1);
    row[1] = ` ${p.name.replace(' ', '　')} `;
    const res = await check('hr', body('w.csv', b64(csvText([HEADER, row])), { month: 8 }));
    expect(res.body.errors).toEqual([]);
  });

  it('refuses a header not of the layout at content, naming it', async () => {
    const header = [...HEADER];
    header[3] = '残業手当';
    const res = await check('hr', body('h.csv', b64(csvText([header, payRow('yamada', 1)]))));
    expect(res.status).toBe(400);
    expect(res.body.content).toEqual([UPLOAD_FILE_MSG.headerUnknown('残業手当')]);
  });

  it('refuses no file and a file over 2 MB in the spec words', async () => {
    const none = await check('hr', body('', ''));
    expect(none.status).toBe(400);
    expect(none.body.content).toEqual(['ファイルを選択してください。']);
    const big = await check('hr', body('big.csv', b64(Buffer.alloc(2_097_153, 0x41))));
    expect(big.status).toBe(400);
    expect(big.body.content).toEqual(['ファイル のサイズは 2048KB 以下にしてください。']);
  });

  it('refuses a file changed after its check (409) and writes nothing', async () => {
    const b = body('c.csv', b64(csvText([HEADER, payRow('yamada', 300_000)])), {
      month: 9,
      paid_on: '2031-09-25',
    });
    const { token } = (await check('hr', b)).body as TUploadPreview;
    const changed = { ...b, content: b64(csvText([HEADER, payRow('yamada', 300_001)])) };
    const before = await rowCounts();
    const res = await issue('hr', changed, token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      '確認したときとファイルの内容が違います。もう一度確認してから取り込んでください。',
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('源泉徴収票', () => {
  const header = ['社員番号', '氏名', ...WITHHOLDING_LABELS.map(([, label]) => label)];
  const row = (who: string, remarks: string, amount = '4,000,000') => {
    const p = people[who]!;
    return [
      p.code,
      p.name,
      ...WITHHOLDING_LABELS.map(([key]) =>
        key === 'remarks' ? remarks : key === 'dependents' ? '0' : amount,
      ),
    ];
  };

  it('refuses a 12-digit number anywhere, also as 4-4-4 with spaces or hyphens', async () => {
    const rows = [
      header,
      row('yamada', '123456789012'),
      row('suzuki', '1234-5678-9012'),
      row('tanaka', '1234 5678 9012'),
      row('kato', '扶養 2 名'),
    ];
    const res = await check('hr', body('w.csv', b64(csvText(rows)), { kind: 'withholding', year: 2030 }));
    expect(res.status).toBe(200);
    const errors = (res.body as TUploadPreview).errors;
    expect(errors).toEqual(
      [2, 3, 4].map((line) => ({ row: line, column: '摘要', message: UPLOAD_FILE_MSG.myNumber })),
    );
    expect(UPLOAD_FILE_MSG.myNumber).toBe(
      'マイナンバー（個人番号）と思われる 12 桁の数字があります。本人に交付する源泉徴収票には記載できません。',
    );
  });

  it('issues a withholding slip the employee sees', async () => {
    const result = await checkAndIssue(
      body('w.csv', b64(csvText([header, row('yamada', '')])), {
        kind: 'withholding',
        year: 2030,
        paid_on: '2031-01-20',
      }),
    );
    expect(result.slips).toBe(1);
    const list = await request(t.app)
      .get('/api/withholding/?year=2030')
      .set(await as('yamada'));
    expect(list.body.count).toBe(1);
  });
});

async function yamadaSees(year: number, month: number): Promise<number[]> {
  const res = await request(t.app)
    .get(`/api/payment-slip/?year=${year}`)
    .set(await as('yamada'));
  expect(res.status).toBe(200);
  return (res.body.results as { id: number; month: number }[])
    .filter((r) => r.month === month)
    .map((r) => r.id);
}

describe('publication', () => {
  it('hides a scheduled upload until its time and notifies once at it (job run twice)', async () => {
    const at = new Date(Date.now() + 2 * 24 * 3600_000);
    const b = body('s.csv', b64(csvText([HEADER, payRow('yamada', 300_000), payRow('suzuki', 1)])), {
      year: 2032,
      month: 1,
      paid_on: '2032-01-25',
      publish_at: at.toISOString(),
    });
    const result = await checkAndIssue(b);
    expect(await yamadaSees(2032, 1)).toEqual([]);
    const [slip] = await slipsOfUpload(result.id);
    const ids = await t.db
      .select({ id: paymentSlips.id })
      .from(paymentSlips)
      .where(eq(paymentSlips.uploadId, result.id));
    for (const { id } of ids)
      expect(
        (
          await request(t.app)
            .get(`/api/payment-slip/${id}/`)
            .set(await as('yamada'))
        ).status,
      ).toBe(404);
    expect(slip).toBeDefined();
    const history = await request(t.app)
      .get(`/api/expense/upload-history/${result.id}/`)
      .set(await as('hr'));
    expect(history.body.upload.state_name).toBe('公開予約');
    // Before its time nothing is claimed; at it (a fixed clock) the first run claims, the second finds nothing.
    expect(await runSlipNotices(t.db, new Date())).toBe(0);
    await t.db
      .update(slipUploads)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(slipUploads.id, result.id));
    const clock = new Date();
    const [first, second] = [await runSlipNotices(t.db, clock), await runSlipNotices(t.db, clock)];
    expect([first, second]).toEqual([1, 0]);
    expect(await yamadaSees(2032, 1)).toHaveLength(1);
    const bells = await t.db
      .select({ title: notifications.title, content: notifications.content, forward: notifications.forward })
      .from(notifications)
      .where(
        sql`${notifications.userId} = ${people.yamada!.userId} and ${notifications.content} like '%2032年1月分%'`,
      );
    expect(bells).toEqual([
      {
        title: SLIP_NOTICE_MSG.title('salary'),
        content: SLIP_NOTICE_MSG.content('salary', '2032年1月分'),
        forward: '/payment-slip',
      },
    ]);
    const lark = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `slip-notice:upload-${result.id}:${people.yamada!.userId}`));
    expect(lark).toHaveLength(1);
    const push = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `slip-push:upload-${result.id}:${people.yamada!.userId}`));
    expect(push).toHaveLength(1);
    // No amount in any of them.
    for (const text of [
      bells[0]!.content,
      JSON.stringify(lark[0]!.payload),
      JSON.stringify(push[0]!.payload),
    ])
      expect(text).not.toMatch(/300,?000|285,?000|円/);
  });

  it('changes and cancels a publication before its time', async () => {
    const later = new Date(Date.now() + 3 * 24 * 3600_000);
    const result = await checkAndIssue(
      body('p.csv', b64(csvText([HEADER, payRow('yamada', 1000)])), {
        year: 2032,
        month: 2,
        paid_on: '2032-02-25',
        publish_at: later.toISOString(),
      }),
    );
    const soon = new Date(Date.now() + 24 * 3600_000).toISOString();
    const changed = await request(t.app)
      .patch(`/api/expense/upload-history/${result.id}/`)
      .set(await as('hr'))
      .send({ publish_at: soon });
    expect(changed.status).toBe(200);
    expect(changed.body.publish_at).toBe(soon);
    const tooLate = new Date(Date.now() + 40 * 24 * 3600_000).toISOString();
    const refused = await request(t.app)
      .patch(`/api/expense/upload-history/${result.id}/`)
      .set(await as('hr'))
      .send({ publish_at: tooLate });
    expect(refused.status).toBe(400);
    const cancelled = await request(t.app)
      .post(`/api/expense/upload-history/${result.id}/withdraw/`)
      .set(await as('hr'));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state_name).toBe('取消');
    expect(await runSlipNotices(t.db, new Date(Date.now() + 2 * 24 * 3600_000))).toBe(0);
  });

  it('withdrawal hides the slips from their employees; the row stays', async () => {
    const result = await checkAndIssue(
      body('x.csv', b64(csvText([HEADER, payRow('yamada', 5000)])), {
        year: 2032,
        month: 3,
        paid_on: '2032-03-25',
      }),
    );
    expect(await yamadaSees(2032, 3)).toHaveLength(1);
    const res = await request(t.app)
      .post(`/api/expense/upload-history/${result.id}/withdraw/`)
      .set(await as('hr'));
    expect(res.status).toBe(200);
    expect(await yamadaSees(2032, 3)).toEqual([]);
    const list = await request(t.app)
      .get('/api/expense/upload-history/?state=withdrawn')
      .set(await as('hr'));
    expect(list.body.results.map((r: { id: number }) => r.id)).toContain(result.id);
  });
});

describe('corrections', () => {
  it('supersede only the slips of the employees in the later file', async () => {
    const first = await checkAndIssue(
      body('m.csv', b64(csvText([HEADER, payRow('yamada', 300_000), payRow('suzuki', 400_000)])), {
        year: 2032,
        month: 4,
        paid_on: '2032-04-24',
      }),
    );
    const b = body('fix.csv', b64(csvText([HEADER, payRow('yamada', 310_000)])), {
      year: 2032,
      month: 4,
      paid_on: '2032-04-24',
    });
    const preview = (await check('hr', b)).body as TUploadPreview;
    expect(preview.corrections).toEqual([
      {
        row: 2,
        employee: { id: people.yamada!.id, code: people.yamada!.code, name: people.yamada!.name },
        before: 285_000,
        after: 295_000,
      },
    ]);
    const issued = await issue('hr', b, preview.token);
    expect(issued.status).toBe(201);
    expect(issued.body.corrections).toBe(1);
    const old = await slipsOfUpload(first.id);
    expect(old.find((s) => s.employeeId === people.yamada!.id)!.retiredAt).not.toBeNull();
    expect(old.find((s) => s.employeeId === people.suzuki!.id)!.retiredAt).toBeNull();
    const [shown] = await yamadaSees(2032, 4);
    const detail = await request(t.app)
      .get(`/api/payment-slip/${shown}/`)
      .set(await as('yamada'));
    expect(detail.body.net_pay).toBe(295_000);
    const history = await request(t.app)
      .get(`/api/expense/upload-history/${first.id}/`)
      .set(await as('hr'));
    expect(history.body.upload.corrected).toBe(true);
    const bells = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, SLIP_NOTICE_MSG.corrected('salary')));
    expect(bells.map((b) => b.userId)).toEqual([people.yamada!.userId]);
  });
});

describe('history and resend', () => {
  it('counts 開封 from the employee’s own views, and resends to those who have not opened', async () => {
    const result = await checkAndIssue(
      body(
        'r.csv',
        b64(csvText([HEADER, payRow('yamada', 1000), payRow('suzuki', 2000), payRow('tanaka', 3000)])),
        { year: 2032, month: 5, paid_on: '2032-05-25' },
      ),
    );
    const ids = await t.db
      .select({ id: paymentSlips.id, employeeId: paymentSlips.employeeId })
      .from(paymentSlips)
      .where(eq(paymentSlips.uploadId, result.id));
    const of = (who: string) => ids.find((s) => s.employeeId === people[who]!.id)!.id;
    // HR opens suzuki's (does not count); yamada downloads his own PDF.
    expect(
      (
        await request(t.app)
          .get(`/api/payment-slip/${of('suzuki')}/`)
          .set(await as('hr'))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(t.app)
          .get(`/api/payment-slip/${of('yamada')}/pdf/`)
          .set(await as('yamada'))
      ).status,
    ).toBe(200);
    const detail = await request(t.app)
      .get(`/api/expense/upload-history/${result.id}/`)
      .set(await as('hr'));
    expect(detail.status).toBe(200);
    expect(detail.body.upload).toMatchObject({
      count: 3,
      opened: 1,
      state: 'published',
      kind_name: '給与明細',
      target: '2032年5月分',
    });
    const opened = (
      detail.body.slips.results as { employee: { id: number }; opened_at: string | null }[]
    ).map((r) => [r.employee.id, r.opened_at !== null]);
    expect(opened).toEqual(
      expect.arrayContaining([
        [people.yamada!.id, true],
        [people.suzuki!.id, false],
      ]),
    );
    const unopened = await request(t.app)
      .get(`/api/expense/upload-history/${result.id}/?unopened=true`)
      .set(await as('hr'));
    expect(unopened.body.slips.count).toBe(2);
    const before = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, SLIP_NOTICE_MSG.reminder('salary')));
    const resend = await request(t.app)
      .post('/api/expense/resend/')
      .set(await as('hr'))
      .send({ upload_id: result.id });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ sent: 2, detail: '再送信しました、しばらくお待ちください。' });
    const after = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, SLIP_NOTICE_MSG.reminder('salary')));
    expect(after.length - before.length).toBe(2);
    expect(after.map((b) => b.userId)).not.toContain(people.yamada!.userId);
    const list = await request(t.app)
      .get('/api/expense/payment-slip/?year=2032&month=5')
      .set(await as('hr'));
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
  });

  it('lists the seeded history, one upload per seeded month', async () => {
    const res = await request(t.app)
      .get('/api/expense/upload-history/?kind=salary')
      .set(await as('hr'));
    expect(res.body.count).toBeGreaterThanOrEqual(12);
  });
});

describe('consent to electronic delivery', () => {
  it('is set and withdrawn by the employee, deemed after an unanswered notice, and counted for paper', async () => {
    const initial = await request(t.app)
      .get('/api/slip-consent/')
      .set(await as('suzuki'));
    expect(initial.body.map((c: { status: string }) => c.status)).toEqual(['none', 'none']);
    const agreed = await request(t.app)
      .put('/api/slip-consent/payment/')
      .set(await as('suzuki'))
      .send({ status: 'agreed' });
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ status: 'agreed', status_name: '同意', paper: false });
    expect(agreed.body.answered_at).not.toBeNull();
    const withdrawn = await request(t.app)
      .put('/api/slip-consent/payment/')
      .set(await as('suzuki'))
      .send({ status: 'refused' });
    expect(withdrawn.body).toMatchObject({ status: 'refused', status_name: '不同意', paper: true });
    const notice = await request(t.app)
      .post('/api/expense/consent/notice/')
      .set(await as('hr'))
      .send({ document: 'withholding', reply_by: '2099-12-31' });
    expect(notice.status).toBe(200);
    expect(notice.body.notified).toBeGreaterThan(0);
    await t.db.execute(sql`update slip_consents set reply_by = '2020-01-01' where document = 'withholding'`);
    const deemed = await request(t.app)
      .get('/api/slip-consent/')
      .set(await as('tanaka'));
    expect(deemed.body[1]).toMatchObject({
      document: 'withholding',
      status: 'deemed',
      status_name: 'みなし同意',
      paper: false,
    });
    const list = await request(t.app)
      .get('/api/expense/consent/?document=payment&status=refused')
      .set(await as('hr'));
    expect(list.body.results.map((r: { employee: { id: number } }) => r.employee.id)).toEqual([
      people.suzuki!.id,
    ]);
  });

  it('prints the slips of those who get paper in one PDF', async () => {
    const result = await checkAndIssue(
      body('pp.csv', b64(csvText([HEADER, payRow('yamada', 1000), payRow('suzuki', 2000)])), {
        year: 2032,
        month: 6,
        paid_on: '2032-06-25',
      }),
    );
    await request(t.app)
      .put('/api/slip-consent/payment/')
      .set(await as('yamada'))
      .send({ status: 'agreed' });
    const detail = await request(t.app)
      .get(`/api/expense/upload-history/${result.id}/`)
      .set(await as('hr'));
    expect(detail.body.upload.paper).toBe(1);
    const pdf = await request(t.app)
      .get(`/api/expense/upload-history/${result.id}/paper/`)
      .set(await as('hr'));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain("filename*=UTF-8''");
  });

  it('offers the CSV template with the latest items, UTF-8 with BOM', async () => {
    const res = await request(t.app)
      .get('/api/expense/upload/template/?kind=salary')
      .set(await as('hr'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text.startsWith('\uFEFF"社員番号","氏名","支給:')).toBe(true);
    expect(res.text).toContain('"差引支給額","備考"\r\n');
  });
});
