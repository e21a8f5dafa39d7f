// 社員の一括取込・出力 (issue 14): employees with their account, first contract and position, from CSV
// (UTF-8 with or without a BOM, or Shift_JIS/CP932) or xlsx. check reads the file and answers a
// preview — every cell, every error at its line and column, nothing written; confirm reads the same
// file again, refuses it when it no longer reads as its preview (token) or when any error remains
// (the database may have changed since), and writes every row in one transaction with one audit
// entry. Each row is checked with the people create contract (ZAdminPersonImportRow), so a file and
// the create form follow one set of rules. Export writes the same layout as CSV (UTF-8 with a BOM).
import { inArray, isNull, sql } from 'drizzle-orm';
import * as z from 'zod';
import {
  ZAdminPersonImportRow,
  type TAdminImportCheck,
  type TAdminImportConfirm,
  type TAdminPersonImportRow,
} from '@portal/shared/contracts/admin';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_NO,
  IMPORT_YES,
  type TImportColumn,
  type TImportError,
  type TImportPreview,
  type TImportResult,
} from '@portal/shared/contracts/admin-import';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { organizations, positions } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import type { Response } from 'express';
import { CSV_BOM, csvLine } from '../../files/csv.ts';
import { streamFile } from '../../files/download.ts';
import { Conflict, ValidationError } from '../../errors.ts';
import { ACCOUNT_MSG, refusalToAppointHead } from './account-guard.ts';
import { employeeNameOf } from '../people/display-names.ts';
import { consoleChange, nothingBefore } from './console-access.ts';
import {
  IMPORT_FILE_MSG,
  addUnlessCellHasOne,
  firstSeen,
  importToken,
  normalDate,
  normalTime,
  readImportTable,
} from './import-table.ts';
import { PEOPLE_MSG } from './people/messages.ts';
import { logExport } from '../access-log/log-access.ts';

export const IMPORT_MSG = {
  unreadable: IMPORT_FILE_MSG.unreadable,
  empty: IMPORT_FILE_MSG.empty,
  header: IMPORT_FILE_MSG.header(IMPORT_COLUMNS.map((c) => c.label)),
  tooMany: IMPORT_FILE_MSG.tooMany(IMPORT_MAX_ROWS),
  stale: IMPORT_FILE_MSG.stale,
  hasErrors: IMPORT_FILE_MSG.hasErrors,
  codeInFile: (row: number) => IMPORT_FILE_MSG.duplicateInFile('社員番号', row),
  usernameInFile: (row: number) => IMPORT_FILE_MSG.duplicateInFile('ユーザー名', row),
  emailInFile: (row: number) => IMPORT_FILE_MSG.duplicateInFile('メールアドレス', row),
  headInFile: (row: number) => `この組織の長は ${row} 行目でも指定されています。`,
  orgAmbiguous: '同じ名前の組織が複数あります。組織の ID で指定してください。',
  boolean: (label: string) => `${label} は「○」または空欄で入力してください。`,
} as const;

const LABELS = IMPORT_COLUMNS.map((c) => c.label) as TImportColumn[];
const LABEL_OF = new Map<string, TImportColumn>(IMPORT_COLUMNS.map((c) => [c.key, c.label]));

type Cells = Record<TImportColumn, string>;

// ---- checking the rows ---------------------------------------------------------------------------

interface OrgIndex {
  byId: Map<number, number>;
  byName: Map<string, number[]>;
}

async function openOrganizations(db: Db): Promise<OrgIndex> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(isNull(organizations.closedAt));
  const byName = new Map<string, number[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
  return { byId: new Map(rows.map((r) => [r.id, r.id])), byName };
}

interface Checked {
  preview: TImportPreview;
  valid: TAdminPersonImportRow[];
}

async function checkRows(ctx: RequestContext, db: Db, fileName: string, content: string): Promise<Checked> {
  const table = await readImportTable(fileName, content, LABELS, IMPORT_MAX_ROWS);
  const orgs = await openOrganizations(db);
  const errors: TImportError[] = [];
  const valid: TAdminPersonImportRow[] = [];
  const candidates: { row: number; value: TAdminPersonImportRow }[] = [];
  for (const { row, cells } of table) {
    const rowErrors: TImportError[] = [];
    const add = (column: TImportColumn | null, message: string) =>
      addUnlessCellHasOne(rowErrors, { row, column, message });
    const bool = (label: TImportColumn): boolean => {
      const text = cells[label];
      if ((IMPORT_YES as readonly string[]).includes(text)) return true;
      if (!(IMPORT_NO as readonly string[]).includes(text)) add(label, IMPORT_MSG.boolean(label));
      return false;
    };
    const orgText = cells['所属組織'];
    let organizationId = 0;
    if (orgText === '') add('所属組織', `所属組織 は必須項目です。`);
    else {
      const ids = /^\d+$/.test(orgText)
        ? orgs.byId.has(Number(orgText))
          ? [Number(orgText)]
          : []
        : (orgs.byName.get(orgText) ?? []);
      if (ids.length === 0) add('所属組織', PEOPLE_MSG.orgMissing);
      else if (ids.length > 1) add('所属組織', IMPORT_MSG.orgAmbiguous);
      else organizationId = ids[0]!;
    }
    const isHead = bool('組織の長');
    const isPartTime = bool('兼務');
    const body = {
      code: cells['社員番号'],
      last_name: cells['姓'],
      first_name: cells['名'],
      last_name_kana: cells['姓（カナ）'],
      first_name_kana: cells['名（カナ）'],
      email: cells['メールアドレス'],
      username: cells['ユーザー名'],
      join_date: normalDate(cells['入社日'] || cells['契約開始日']),
      contract: {
        start_date: normalDate(cells['契約開始日']),
        end_date: cells['契約終了日'] === '' ? null : normalDate(cells['契約終了日']),
        work_start_time: normalTime(cells['始業時刻']),
        work_end_time: normalTime(cells['終業時刻']),
      },
      position: {
        organization_id: organizationId || 1,
        title: cells['役職'],
        is_part_time: isPartTime,
        is_head: isHead,
      },
    };
    const parsed = z.safeParse(ZAdminPersonImportRow, body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const column = LABEL_OF.get(issue.path.join('.')) ?? null;
        if (column === '所属組織') continue; // answered above
        // An order check (end after start) says nothing when the start itself is wrong.
        const other = {
          'contract.work_end_time': 'contract.work_start_time',
          'contract.end_date': 'contract.start_date',
        }[issue.path.join('.')];
        if (issue.code === 'custom' && other && parsed.error.issues.some((i) => i.path.join('.') === other))
          continue;
        add(column, issue.message);
      }
    if (rowErrors.length === 0 && parsed.success) {
      parsed.data.position.organization_id = organizationId;
      candidates.push({ row, value: parsed.data });
    }
    errors.push(...rowErrors);
  }
  // Duplicates within the file (the first occurrence stays valid) and against the database.
  const codeSeen = firstSeen<TImportColumn>((c) => c['社員番号']);
  const userSeen = firstSeen<TImportColumn>((c) => c['ユーザー名'].toLowerCase());
  const headSeen = firstSeen<TImportColumn>((c) =>
    (IMPORT_YES as readonly string[]).includes(c['組織の長']) ? c['所属組織'] : '',
  );
  const codes = table.map((r) => r.cells['社員番号']).filter((c) => c !== '');
  const names = table.map((r) => r.cells['ユーザー名']).filter((c) => c !== '');
  const takenCodes = new Set(
    codes.length === 0
      ? []
      : (await db.select({ code: employees.code }).from(employees).where(inArray(employees.code, codes))).map(
          (r) => r.code,
        ),
  );
  // Taken whatever the letter case: "Admin" beside "admin" would answer a CAS login typed either way.
  const lowerNames = names.map((n) => n.toLowerCase());
  const takenNames = new Set(
    names.length === 0
      ? []
      : (
          await db
            .select({ username: sql<string>`lower(${users.username})` })
            .from(users)
            .where(inArray(sql`lower(${users.username})`, lowerNames))
        ).map((r) => r.username),
  );
  // One account per sign-in e-mail, whatever its case (people.ts, checkEmailFree).
  const emailSeen = firstSeen<TImportColumn>((c) => c['メールアドレス'].toLowerCase());
  const emails = table.map((r) => r.cells['メールアドレス'].toLowerCase()).filter((c) => c !== '');
  const takenEmails = new Set(
    emails.length === 0
      ? []
      : (
          await db
            .select({ email: sql<string>`lower(${users.email})` })
            .from(users)
            .where(inArray(sql`lower(${users.email})`, emails))
        ).map((r) => r.email),
  );
  const late: TImportError[] = [];
  for (const { row, cells } of table) {
    const email = emailSeen(row, cells);
    if (email !== null) late.push({ row, column: 'メールアドレス', message: IMPORT_MSG.emailInFile(email) });
    else if (takenEmails.has(cells['メールアドレス'].toLowerCase()))
      late.push({ row, column: 'メールアドレス', message: PEOPLE_MSG.emailTaken });
    const code = codeSeen(row, cells);
    if (code !== null) late.push({ row, column: '社員番号', message: IMPORT_MSG.codeInFile(code) });
    else if (takenCodes.has(cells['社員番号']))
      late.push({ row, column: '社員番号', message: PEOPLE_MSG.codeTaken });
    const user = userSeen(row, cells);
    if (user !== null) late.push({ row, column: 'ユーザー名', message: IMPORT_MSG.usernameInFile(user) });
    else if (takenNames.has(cells['ユーザー名'].toLowerCase()))
      late.push({ row, column: 'ユーザー名', message: PEOPLE_MSG.usernameTaken });
    const head = headSeen(row, cells);
    if (head !== null) late.push({ row, column: '組織の長', message: IMPORT_MSG.headInFile(head) });
  }
  late.push(...(await headErrors(ctx, db, table, candidates)));
  for (const e of late) if (!errors.some((x) => x.row === e.row && x.column === e.column)) errors.push(e);
  errors.sort((a, b) => a.row - b.row || LABELS.indexOf(a.column!) - LABELS.indexOf(b.column!));
  for (const c of candidates) if (!errors.some((e) => e.row === c.row)) valid.push(c.value);
  const token = importToken(table);
  return { preview: { file_name: fileName, token, columns: LABELS, rows: table, errors }, valid };
}

/**
 * 組織の長 follows the rule of PUT admin/organizations/{id}/head/ (account-guard.ts): it needs
 * organization.change_organization, and the head it replaces must be one the caller may act on.
 */
async function headErrors(
  ctx: RequestContext,
  db: Db,
  table: readonly { row: number; cells: Cells }[],
  candidates: readonly { row: number; value: TAdminPersonImportRow }[],
): Promise<TImportError[]> {
  const heads = table.filter(({ cells }) => (IMPORT_YES as readonly string[]).includes(cells['組織の長']));
  if (heads.length === 0) return [];
  if (!(await ctx.can(PERM.changeOrganization)))
    return heads.map(({ row }) => ({ row, column: '組織の長', message: ACCOUNT_MSG.headNeedsPermission }));
  const errors: TImportError[] = [];
  const byOrganization = new Map<number, string | null>();
  for (const { row, value } of candidates) {
    if (!value.position.is_head) continue;
    const id = value.position.organization_id;
    if (!byOrganization.has(id)) {
      const refusal = await refusalToAppointHead(ctx, db, {
        organizationId: id,
        employeeId: null,
        field: '',
      });
      byOrganization.set(id, refusal?.message ?? null);
    }
    const message = byOrganization.get(id);
    if (message) errors.push({ row, column: '組織の長', message });
  }
  return errors;
}

export async function checkImport({
  ctx,
  input: body,
}: {
  ctx: RequestContext;
  input: TAdminImportCheck;
}): Promise<TImportPreview> {
  return (await checkRows(ctx, ctx.db, body.file_name, body.content)).preview;
}

/** Writes every row, or nothing: one transaction, one audit entry with the counts and codes. */
export async function confirmImport({
  ctx,
  input: body,
}: {
  ctx: RequestContext;
  input: TAdminImportConfirm;
}): Promise<TImportResult> {
  const { result } = await consoleChange(ctx, {
    resource: 'people',
    before: nothingBefore,
    write: (tx) => writeImport(ctx, tx, body),
    audit: (_before, { result, codes }) => ({
      action: 'import',
      objectId: null,
      objectLabel: `${body.file_name}（${result.created} 名）`,
      before: null,
      after: { ...result, file_name: body.file_name, codes },
    }),
  });
  return result;
}

async function writeImport(ctx: RequestContext, tx: Db, body: TAdminImportConfirm) {
  const { preview, valid } = await checkRows(ctx, tx, body.file_name, body.content);
  if (preview.token !== body.token) throw new Conflict(IMPORT_MSG.stale);
  if (preview.errors.length > 0) throw ValidationError.field('content', IMPORT_MSG.hasErrors);
  const created = await tx
    .insert(users)
    .values(
      valid.map((r) => ({
        username: r.username,
        fullName: employeeNameOf({ lastName: r.last_name, firstName: r.first_name }),
        email: r.email,
        passwordHash: null,
        mustChangePassword: true,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const userIds = new Map(created.map((u) => [u.username, u.id]));
  const emps = await tx
    .insert(employees)
    .values(
      valid.map((r) => ({
        userId: userIds.get(r.username)!,
        code: r.code,
        lastName: r.last_name,
        firstName: r.first_name,
        lastNameKana: r.last_name_kana,
        firstNameKana: r.first_name_kana,
        email: r.email,
        joinDate: r.join_date,
      })),
    )
    .returning({ id: employees.id, code: employees.code });
  const empIds = new Map(emps.map((e) => [e.code, e.id]));
  await tx.insert(contracts).values(
    valid.map((r) => ({
      employeeId: empIds.get(r.code)!,
      startDate: r.contract.start_date,
      endDate: r.contract.end_date,
      workStartTime: r.contract.work_start_time,
      workEndTime: r.contract.work_end_time,
    })),
  );
  await tx.insert(positions).values(
    valid.map((r) => ({
      employeeId: empIds.get(r.code)!,
      organizationId: r.position.organization_id,
      title: r.position.title,
      isPartTime: r.position.is_part_time,
    })),
  );
  for (const r of valid.filter((v) => v.position.is_head))
    await tx
      .update(organizations)
      .set({ headEmployeeId: empIds.get(r.code)! })
      .where(sql`${organizations.id} = ${r.position.organization_id}`);
  const result: TImportResult = { created: emps.length, positions: valid.length, contracts: valid.length };
  return { result, codes: valid.map((r) => r.code) };
}

// ---- export --------------------------------------------------------------------------------------

interface ExportRow {
  id: number;
  code: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  username: string | null;
  join_date: string | null;
  organization: string | null;
  title: string | null;
  is_head: boolean | null;
  is_part_time: boolean | null;
  start_date: string | null;
  end_date: string | null;
  work_start_time: string | null;
  work_end_time: string | null;
}

/** Rows a page of the export reads: memory stays that of one page, whatever the company's size. */
const EXPORT_PAGE = 1_000;

/**
 * Everyone, one line each: their main position and their latest contract, in the import's layout.
 * Streamed: the access log names everyone first (ids only), then pages of 1,000 by code (unique) are
 * read and written, each after the client took the one before.
 */
export async function exportPeopleCsv({ ctx, res }: { ctx: RequestContext; res: Response }) {
  const everyone = await queryRows<{ id: number }>(ctx.db, sql`select id from employees order by code`);
  await logExport(ctx, { action: 'export', kind: 'people_export', subjects: everyone.map((r) => r.id) });
  return streamFile(res, { type: 'text/csv', filename: '社員一覧.csv' }, async (write) => {
    await write(CSV_BOM + csvLine(LABELS));
    for (let after: string | null = null; ;) {
      const rows: ExportRow[] = await queryRows<ExportRow>(
        ctx.db,
        sql`select e.id, e.code, e.last_name, e.first_name, e.last_name_kana, e.first_name_kana, e.email, u.username,
            e.join_date::text as join_date, o.name as organization, mp.title,
            (o.head_employee_id = e.id) as is_head, mp.is_part_time,
            c.start_date::text as start_date, c.end_date::text as end_date,
            to_char(c.work_start_time, 'HH24:MI') as work_start_time,
            to_char(c.work_end_time, 'HH24:MI') as work_end_time
          from (select * from employees where ${after === null ? sql`true` : sql`code > ${after}`}
                order by code limit ${EXPORT_PAGE}) e
          left join users u on u.id = e.user_id
          left join lateral (select p.organization_id, p.title, p.is_part_time from positions p
            where p.employee_id = e.id order by p.is_part_time, p.id limit 1) mp on true
          left join organizations o on o.id = mp.organization_id
          left join lateral (select * from contracts k where k.employee_id = e.id
            order by k.start_date desc, k.id desc limit 1) c on true
          order by e.code`,
      );
      if (rows.length === 0) return;
      await write(
        rows
          .map((r) =>
            csvLine([
              r.code,
              r.last_name,
              r.first_name,
              r.last_name_kana,
              r.first_name_kana,
              r.email,
              r.username ?? '',
              r.join_date ?? '',
              r.organization ?? '',
              r.title ?? '',
              r.is_head ? '○' : '',
              r.is_part_time ? '○' : '',
              r.start_date ?? '',
              r.end_date ?? '',
              r.work_start_time ?? '',
              r.work_end_time ?? '',
            ]),
          )
          .join(''),
      );
      if (rows.length < EXPORT_PAGE) return;
      after = rows.at(-1)!.code;
    }
  });
}
