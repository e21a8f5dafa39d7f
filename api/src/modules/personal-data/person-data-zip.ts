// One person's data as one zip (個人情報保護法 §33, issue 34): a JSON and a CSV per record kind, the
// files of their requests, every attendance version, their slips as PDF, the access log rows about
// them and a README in Japanese. Built for the person themself (account/export/) and for HR (the
// console's people/{id}/export/); only rows that name this employee (or their account) go in.
import JSZip from 'jszip';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { paymentSlips, withholdingSlips } from '../../db/schema/slips.ts';
import { NotFound } from '../../errors.ts';
import { writeCsv } from '../../files/csv.ts';
import {
  slipEmployeeOf,
  paymentSlipOf,
  withholdingSlipOf,
  SLIP_EMPLOYEE_COLUMNS,
} from '../slips/slips.service.ts';
import { paymentSlipPdf, withholdingSlipPdf } from '../slips/slip-pdf.ts';
import { visibleToEmployee } from '../slips/slip-visibility.ts';

type Row = Record<string, unknown>;

/** The record kinds, each with its file stem and what the README says of it. */
const KINDS: readonly { file: string; label: string; query: (e: number, u: number | null) => SQL }[] = [
  {
    file: 'profile',
    label: 'プロフィール(氏名・生年月日・住所・在留資格・退職日など社員台帳の項目)',
    query: (e) => sql`select * from employees where id = ${e}`,
  },
  {
    file: 'account',
    label: 'ログインアカウント(ユーザー名・メールアドレス。パスワードは含みません)',
    query: (_e, u) =>
      sql`select id, username, email, full_name, is_active, created_at, last_login from users where id = ${u}`,
  },
  {
    file: 'contracts',
    label: '雇用契約',
    query: (e) => sql`select * from contracts where employee_id = ${e}`,
  },
  {
    file: 'positions',
    label: '所属・役職',
    query: (e) => sql`select * from positions where employee_id = ${e}`,
  },
  {
    file: 'contacts',
    label: '緊急連絡先',
    query: (e) => sql`select * from emergency_contacts where employee_id = ${e}`,
  },
  {
    file: 'bank_accounts',
    label: '口座情報',
    query: (e) => sql`select * from bank_accounts where employee_id = ${e}`,
  },
  {
    file: 'commuting',
    label: '通勤経路',
    query: (e) => sql`select * from commuting_routes where employee_id = ${e}`,
  },
  {
    file: 'residence_history',
    label: '在留資格・個人情報の変更履歴(変更前と変更後)',
    query: (e) => sql`select * from record_changes where employee_id = ${e} order by created_at, id`,
  },
  { file: 'leave', label: '休暇の申請', query: (e) => sql`select * from vacations where employee_id = ${e}` },
  {
    file: 'leave_grants',
    label: '有給休暇の付与',
    query: (e) => sql`select * from paid_leave_grants where employee_id = ${e}`,
  },
  {
    file: 'requests',
    label: '申請(本人が申請したもの、または本人についてのもの)',
    query: (e, u) => sql`select * from tasks where employee_id = ${e} or applicant_id = ${u} order by id`,
  },
  {
    file: 'request_comments',
    label: '申請の履歴とコメント(承認・差戻し・却下など)',
    query: (e, u) => sql`select * from task_events where task_id in
      (select id from tasks where employee_id = ${e} or applicant_id = ${u}) order by task_id, id`,
  },
  {
    file: 'request_attachments',
    label: '申請の添付ファイルの一覧(ファイル本体は attachments/ フォルダ)',
    query: (e, u) => sql`select id, task_id, field_name, name, content_type, size, created_at from attachments
      where task_id in (select id from tasks where employee_id = ${e} or applicant_id = ${u}) order by id`,
  },
  {
    file: 'attendance_versions',
    label: '勤怠報告(提出版と人事による修正版のすべて)',
    query: (e) =>
      sql`select * from attendance_versions where employee_id = ${e} order by year, month, task_id, version`,
  },
  {
    file: 'attendance_drafts',
    label: '勤怠の下書き',
    query: (e) => sql`select * from attendance_drafts where employee_id = ${e}`,
  },
  {
    file: 'access_log',
    label: 'あなたの記録を他の人が閲覧・出力した記録(アクセス記録)',
    query: (e) => sql`select id, at, actor_id, actor_name, action, kind, record_id, request_id, address
      from access_log where ${e}::int = any(subjects) order by at, id`,
  },
];

function cell(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

function csvOf(rows: readonly Row[]): string {
  const header = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return writeCsv(
    header,
    rows.map((r) => header.map((h) => cell(r[h]))),
  );
}

function readme(name: string, at: Date, slipCount: number): string {
  const lines = [
    `${name} さんの個人データ`,
    `作成日時: ${at.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}`,
    '',
    '個人情報保護法 第33条に基づく開示のため、社内ポータルが保有するあなたの記録をまとめたものです。',
    '記録の種類ごとに JSON(機械で読む形式)と CSV(Excel などで開ける形式、UTF-8)の2つのファイルがあります。',
    '日時は UTC(協定世界時)で記録しています。日本時間は9時間後です。',
    '',
    '■ ファイルの説明',
    ...KINDS.map((k) => `${k.file}.json / ${k.file}.csv: ${k.label}`),
    'attachments/<申請ID>/<ファイルID>_<ファイル名>: 申請に添付されたファイル(差戻し前の勤務表も含みます)',
    `slips/: 給与明細・源泉徴収票の PDF(${slipCount} 件)`,
    '',
    '内容に誤りがある場合は、人事部に訂正を申し出ることができます(同法 第34条)。',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The zip of one employee's data. `ownView`: the person themself, who gets the slips they can see
 * (published); HR get every current slip.
 */
export async function personDataZip(
  db: Db,
  employeeId: number,
  { ownView }: { ownView: boolean },
): Promise<{ body: Buffer; filename: string }> {
  const [employee] = await db
    .select(SLIP_EMPLOYEE_COLUMNS)
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!employee) throw new NotFound();
  const person = slipEmployeeOf(employee);
  const zip = new JSZip();
  for (const kind of KINDS) {
    const rows = await queryRows<Row>(db, kind.query(person.id, person.userId));
    zip.file(`${kind.file}.json`, JSON.stringify(rows, null, 2));
    zip.file(`${kind.file}.csv`, csvOf(rows));
  }
  const files = await queryRows<{ id: number; task_id: number; name: string; content: Buffer | Uint8Array }>(
    db,
    sql`select id, task_id, name, content from attachments where task_id in
      (select id from tasks where employee_id = ${person.id} or applicant_id = ${person.userId})`,
  );
  for (const f of files)
    zip.file(`attachments/${f.task_id}/${f.id}_${f.name.replace(/[/\\]/g, '_')}`, f.content);
  const payments = await db
    .select()
    .from(paymentSlips)
    .where(
      and(
        eq(paymentSlips.employeeId, person.id),
        ownView ? visibleToEmployee(paymentSlips) : isNull(paymentSlips.retiredAt),
      ),
    );
  for (const slip of payments)
    zip.file(`slips/payment_${slip.id}.pdf`, await paymentSlipPdf(paymentSlipOf(slip, person)));
  const withholdings = await db
    .select()
    .from(withholdingSlips)
    .where(
      and(
        eq(withholdingSlips.employeeId, person.id),
        ownView ? visibleToEmployee(withholdingSlips) : isNull(withholdingSlips.retiredAt),
      ),
    );
  for (const slip of withholdings)
    zip.file(`slips/withholding_${slip.id}.pdf`, await withholdingSlipPdf(withholdingSlipOf(slip, person)));
  const at = new Date();
  zip.file('README.txt', readme(person.name, at, payments.length + withholdings.length));
  const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { body, filename: `個人データ_${person.code}.zip` };
}
