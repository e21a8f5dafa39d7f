// The console's 会社・マスタ (issue 14): the company's name, the bank master's version (the zengin-code
// package's data date, read-only) and the station master's import from the public 駅データ CSV layout
// (records/stations.ts). The company calendar and the workflow screens keep their own pages; the
// web's console links to them.
import { createRequire } from 'node:module';
import { count, eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '@portal/shared/limits';
import {
  ZAdminCompany,
  ZAdminCompanyLogo,
  ZAdminStationImport,
  type TAdminMasters,
  type TAdminStationImport,
} from '@portal/shared/contracts/admin';
import { FIELD_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { exceedsUploadLimit, parseUploadString } from '@portal/shared/workflow/upload';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { companyInfo } from '../../db/schema/company.ts';
import { stations } from '../../db/schema/records.ts';
import { ValidationError } from '../../errors.ts';
import { reencodePicture } from '../../files/pictures.ts';
import { findCompanyName } from '../company/company.repository.ts';
import { importStationCsv } from '../records/stations.ts';
import { parseInput, recordChange, requireConsole } from './console-access.ts';
import { csvHeader, csvRecords } from '../../files/csv.ts';

export const MASTERS_MSG = {
  stationColumns: (label: string, columns: string) =>
    `${label} に必要な列（${columns}）がありません。駅データ.jp の CSV を選択してください。`,
  stationEmpty: '駅データ（station.csv）に営業中の駅がありません。',
  stationRow: (row: number, column: string) =>
    `駅データ（station.csv）の ${row} 行目の ${column} が正しくありません。`,
  logoType: 'ロゴ は PNG・JPEG・GIF・WebP の画像を選択してください（SVG は使えません）。',
  logoSize: 'ロゴ のサイズは 2048KB 以下にしてください。',
  lineMissing: (row: number, lineCode: string) =>
    `駅データ（station.csv）の ${row} 行目の路線コード ${lineCode} が路線データ（line.csv）にありません。`,
} as const;

/** Whoever may see the 会社・マスタ screen: any of the permissions of what it shows or links to. */
const MASTERS_VIEW = [
  PERM.changeCompanyInfo,
  PERM.changeStation,
  PERM.changeCompanyCalendar,
  PERM.viewWorkflow,
] as const;

/** The zengin-code package's version and the date of its data (`1.0.0-p20260824` → 2026-08-24). */
export function bankMasterVersion(): TAdminMasters['bank_master'] {
  const pkg = createRequire(import.meta.url)('zengin-code/package.json') as { version: string };
  const match = /p(\d{4})(\d{2})(\d{2})$/.exec(pkg.version);
  return {
    package: 'zengin-code',
    version: pkg.version,
    data_date: match ? `${match[1]}-${match[2]}-${match[3]}` : null,
  };
}

async function stationCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stations);
  return Number(row?.n ?? 0);
}

async function companyLogo(db: Db): Promise<string | null> {
  const [row] = await db.select({ logo: companyInfo.logo }).from(companyInfo).where(eq(companyInfo.id, 1));
  return row?.logo ? `data:image/png;base64,${row.logo.toString('base64')}` : null;
}

export async function getMasters({ ctx }: { ctx: RequestContext }): Promise<TAdminMasters> {
  await requireConsole(ctx, MASTERS_VIEW);
  return {
    company: { name: (await findCompanyName(ctx.db)) ?? '', logo: await companyLogo(ctx.db) },
    bank_master: bankMasterVersion(),
    stations: { count: await stationCount(ctx.db) },
    can_change_company: await ctx.can(PERM.changeCompanyInfo),
    can_import_stations: await ctx.can(PERM.changeStation),
  };
}

export async function patchCompany({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { body: unknown };
}): Promise<TAdminMasters> {
  await requireConsole(ctx, PERM.changeCompanyInfo);
  const body = parseInput(ZAdminCompany, input.body);
  await ctx.db.transaction(async (tx) => {
    const before = await findCompanyName(tx);
    await tx
      .insert(companyInfo)
      .values({ id: 1, name: body.name })
      .onConflictDoUpdate({ target: companyInfo.id, set: { name: body.name } });
    await recordChange(tx, ctx, {
      resource: 'company',
      action: 'update',
      objectId: 1,
      objectLabel: body.name,
      before: before === null ? null : { name: before },
      after: { name: body.name },
    });
  });
  return getMasters({ ctx });
}

/** The logo's longest side in pixels once re-encoded. */
export const LOGO_MAX_SIDE = 512;

/** The uploaded image re-encoded as a PNG within LOGO_MAX_SIDE, or a 400 at `logo`. */
async function reencodeLogo(content: string, userId: number): Promise<Buffer> {
  const base64 = content.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw ValidationError.field('logo', MASTERS_MSG.logoType);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw ValidationError.field('logo', MASTERS_MSG.logoSize);
  return reencodePicture({
    userId,
    bytes,
    field: 'logo',
    label: 'ロゴ',
    notAnImage: MASTERS_MSG.logoType,
    transform: (image) =>
      image
        .rotate()
        .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer(),
  });
}

/** PUT company/logo/ (a new logo) and DELETE company/logo/ (none); the audit keeps its size. */
export async function setCompanyLogo({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { body: unknown } | { remove: true };
}): Promise<TAdminMasters> {
  await requireConsole(ctx, PERM.changeCompanyInfo);
  const logo =
    'remove' in input
      ? null
      : await reencodeLogo(parseInput(ZAdminCompanyLogo, input.body).logo, ctx.user.id);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: companyInfo.name, logo: companyInfo.logo })
      .from(companyInfo)
      .where(eq(companyInfo.id, 1));
    if (!before) throw ValidationError.field('name', FIELD_MSG.required('会社名'));
    await tx.update(companyInfo).set({ logo }).where(eq(companyInfo.id, 1));
    const describe = (image: Buffer | null) =>
      image ? { logo: `PNG ${image.length} bytes` } : { logo: null };
    await recordChange(tx, ctx, {
      resource: 'company',
      action: logo ? 'set_logo' : 'remove_logo',
      objectId: 1,
      objectLabel: before.name,
      before: describe(before.logo),
      after: describe(logo),
    });
  });
  return getMasters({ ctx });
}

/** The text of an upload string, or a 400 at its field: not an upload, too large, or not UTF-8. */
function uploadText(field: 'station_file' | 'line_file', label: string, value: string): string {
  const upload = parseUploadString(value);
  if (!upload) throw ValidationError.field(field, FIELD_MSG.fileInvalid(label));
  if (exceedsUploadLimit(upload.size))
    throw ValidationError.field(field, FIELD_MSG.fileTooLarge(label, 2048));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(upload.contentBase64, 'base64'));
  } catch {
    throw ValidationError.field(field, FIELD_MSG.fileInvalid(label));
  }
}

const INT = /^\d{1,9}$/;

/** Every row the importer would write is checked first, so the import writes all or nothing. */
function checkStationFiles(stationCsv: string, lineCsv: string): void {
  const stationLabel = '駅データ（station.csv）';
  const lineLabel = '路線データ（line.csv）';
  const stationColumns = ['station_cd', 'station_name', 'line_cd'];
  if (!stationColumns.every((c) => csvHeader(stationCsv).includes(c)))
    throw ValidationError.field(
      'station_file',
      MASTERS_MSG.stationColumns(stationLabel, stationColumns.join(', ')),
    );
  if (!['line_cd', 'line_name'].every((c) => csvHeader(lineCsv).includes(c)))
    throw ValidationError.field('line_file', MASTERS_MSG.stationColumns(lineLabel, 'line_cd, line_name'));
  const lines = new Map(csvRecords(lineCsv).map((l) => [l.line_cd ?? '', l.line_name ?? '']));
  let inService = 0;
  csvRecords(stationCsv).forEach((s, index) => {
    const row = index + 2; // the header is row 1
    if ((s.e_status ?? '0') !== '0' || !/^\d+$/.test(s.station_cd ?? '')) return;
    const bad = (column: string) =>
      ValidationError.field('station_file', MASTERS_MSG.stationRow(row, column));
    if (!INT.test(s.station_cd!)) throw bad('station_cd');
    if (s.station_g_cd && !INT.test(s.station_g_cd)) throw bad('station_g_cd');
    if (!s.station_name || s.station_name.length > 100) throw bad('station_name');
    if (!INT.test(s.line_cd ?? '')) throw bad('line_cd');
    if (s.pref_cd && !/^\d{1,2}$/.test(s.pref_cd)) throw bad('pref_cd');
    if ((s.address ?? '').length > 200) throw bad('address');
    const lineName = lines.get(s.line_cd!);
    if (lineName === undefined)
      throw ValidationError.field('station_file', MASTERS_MSG.lineMissing(row, s.line_cd!));
    if (lineName.length > 100) throw ValidationError.field('line_file', FIELD_MSG.fileInvalid(lineLabel));
    inService++;
  });
  if (inService === 0) throw ValidationError.field('station_file', MASTERS_MSG.stationEmpty);
}

export async function importStations({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { body: unknown };
}): Promise<TAdminStationImport> {
  await requireConsole(ctx, PERM.changeStation);
  const body = parseInput(ZAdminStationImport, input.body);
  const stationCsv = uploadText('station_file', '駅データ（station.csv）', body.station_file);
  const lineCsv = uploadText('line_file', '路線データ（line.csv）', body.line_file);
  checkStationFiles(stationCsv, lineCsv);
  const result = await ctx.db.transaction(async (tx) => {
    const before = await stationCount(tx);
    const imported = await importStationCsv(tx, stationCsv, lineCsv);
    const after = await stationCount(tx);
    await recordChange(tx, ctx, {
      resource: 'stations',
      action: 'import',
      objectId: null,
      objectLabel: `駅マスタ（${imported} 駅）`,
      before: { count: before },
      after: { count: after, imported },
    });
    return { imported, stations: { count: after } };
  });
  return result;
}
