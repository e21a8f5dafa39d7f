// 資材の一括登録 (issue 31): units from CSV or xlsx (管理番号, 資材種別, シリアル番号, 購入日) on the
// console's check → preview → confirm (admin/import-table.ts, as the people import). check answers
// every error at its line and column and writes nothing; confirm reads the same file again, refuses
// it when it no longer reads as its preview (409) or any error remains (the database may have
// changed since: 400), and adds every unit 在庫 in one transaction with one audit entry.
import { inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { TAdminImportCheck, TAdminImportConfirm } from '@portal/shared/contracts/admin';
import type { TImportError } from '@portal/shared/contracts/admin-import';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAX_ROWS,
  type TAssetImportColumn,
  type TAssetImportPreview,
  type TAssetImportResult,
} from '@portal/shared/contracts/asset-import';
import { ZAdminAsset, type TAdminAssetRequest } from '@portal/shared/contracts/assets';
import { FIELD_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assets, assetTypes } from '../../db/schema/assets.ts';
import { Conflict, ValidationError } from '../../errors.ts';
import { consoleChange, nothingBefore } from '../admin/console-access.ts';
import {
  IMPORT_FILE_MSG,
  addUnlessCellHasOne,
  firstSeen,
  importToken,
  normalDate,
  readImportTable,
} from '../admin/import-table.ts';

export const ASSET_IMPORT_MSG = {
  unknownType: (name: string) => `資材種別「${name}」は登録されていないか、無効になっています。`,
  taken: (code: string) => `管理番号「${code}」はすでに登録されています。`,
} as const;

const LABELS = ASSET_IMPORT_COLUMNS.map((c) => c.label) as TAssetImportColumn[];
const LABEL_OF = new Map<string, TAssetImportColumn>(ASSET_IMPORT_COLUMNS.map((c) => [c.key, c.label]));

interface Checked {
  preview: TAssetImportPreview;
  valid: TAdminAssetRequest[];
}

/** Active types by name, and by id for a cell that holds the id. */
async function activeTypes(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: assetTypes.id, name: assetTypes.name, isActive: assetTypes.isActive })
    .from(assetTypes);
  const byKey = new Map<string, number>();
  for (const r of rows.filter((t) => t.isActive)) {
    byKey.set(r.name, r.id);
    byKey.set(String(r.id), r.id);
  }
  return byKey;
}

async function checkRows(db: Db, fileName: string, content: string): Promise<Checked> {
  const table = await readImportTable(fileName, content, LABELS, ASSET_IMPORT_MAX_ROWS);
  const types = await activeTypes(db);
  const codes = table.map((r) => r.cells['管理番号']).filter((c) => c !== '');
  const taken = new Set(
    codes.length === 0
      ? []
      : (await db.select({ code: assets.assetId }).from(assets).where(inArray(assets.assetId, codes))).map(
          (r) => r.code,
        ),
  );
  const codeSeen = firstSeen<TAssetImportColumn>((c) => c['管理番号']);
  const errors: TImportError<TAssetImportColumn>[] = [];
  const valid: TAdminAssetRequest[] = [];
  for (const { row, cells } of table) {
    const before = errors.length;
    const add = (column: TAssetImportColumn, message: string) =>
      addUnlessCellHasOne(errors, { row, column, message });
    const typeText = cells['資材種別'];
    const typeId = types.get(typeText);
    if (typeText === '') add('資材種別', FIELD_MSG.required('資材種別'));
    else if (typeId === undefined) add('資材種別', ASSET_IMPORT_MSG.unknownType(typeText));
    const parsed = z.safeParse(ZAdminAsset, {
      asset_id: cells['管理番号'],
      asset_type: typeId ?? 0,
      serial_number: cells['シリアル番号'],
      purchased_on: cells['購入日'] === '' ? null : normalDate(cells['購入日']),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const column = LABEL_OF.get(issue.path.join('.'));
        if (column && column !== '資材種別') add(column, issue.message);
      }
    const first = codeSeen(row, cells);
    if (first !== null) add('管理番号', IMPORT_FILE_MSG.duplicateInFile('管理番号', first));
    else if (taken.has(cells['管理番号'])) add('管理番号', ASSET_IMPORT_MSG.taken(cells['管理番号']));
    if (errors.length === before && parsed.success) valid.push(parsed.data);
  }
  errors.sort((a, b) => a.row - b.row || LABELS.indexOf(a.column!) - LABELS.indexOf(b.column!));
  return {
    preview: { file_name: fileName, token: importToken(table), columns: LABELS, rows: table, errors },
    valid,
  };
}

export async function checkAssetImport({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TAdminImportCheck;
}): Promise<TAssetImportPreview> {
  return (await checkRows(ctx.db, input.file_name, input.content)).preview;
}

/** Adds every unit 在庫, or none: one transaction, one audit entry with the count and 管理番号. */
export async function confirmAssetImport({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TAdminImportConfirm;
}): Promise<TAssetImportResult> {
  const { result } = await consoleChange(ctx, {
    resource: 'assets',
    before: nothingBefore,
    write: async (tx) => {
      const { preview, valid } = await checkRows(tx, input.file_name, input.content);
      if (preview.token !== input.token) throw new Conflict(IMPORT_FILE_MSG.stale);
      if (preview.errors.length > 0) throw ValidationError.field('content', IMPORT_FILE_MSG.hasErrors);
      await tx.insert(assets).values(
        valid.map((u) => ({
          assetId: u.asset_id,
          assetTypeId: u.asset_type,
          serialNumber: u.serial_number ?? '',
          status: 'stock' as const,
          purchasedOn: u.purchased_on ?? null,
        })),
      );
      return { result: { created: valid.length }, codes: valid.map((u) => u.asset_id) };
    },
    audit: (_before, { result, codes }) => ({
      action: 'import',
      objectId: null,
      objectLabel: `${input.file_name}（${result.created} 台）`,
      before: null,
      after: { ...result, file_name: input.file_name, asset_ids: codes },
    }),
  });
  return result;
}
