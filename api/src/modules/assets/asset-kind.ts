// 資材貸出申請 and 資材購入申請 (workflows 13 and 14, issue 31) as workflow kinds. Submitting checks the
// chosen type and software against the masters and writes 有効期間 and the software names from them,
// never from the client; approving a lending lends the oldest unit in stock (lend-unit.ts) inside the
// approving transaction; taking the approval back returns it. A purchase is received in the console
// (purchase-receipt.ts). Both cards show the request as the read-only view does (spec §2.7).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TCardSection } from '@portal/shared/contracts/bot-jobs';
import {
  ASSET_FIELDS,
  ASSET_HIDDEN_FIELDS,
  ASSET_MSG,
  assetTypeWithMonths,
  parseIdList,
} from '@portal/shared/workflow/assets';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import type { Db } from '../../db/client.ts';
import { assetTypes, assetTypeSoftware, software } from '../../db/schema/assets.ts';
import type { tasks } from '../../db/schema/tasks.ts';
import { tokyoDate } from '../../dates.ts';
import { ValidationError } from '../../errors.ts';
import { checkFormReferences } from '../tasks/form-references.ts';
import { checkValues, loadFields, type FieldRow } from '../tasks/form-values.ts';
import { registerWorkflowKind, type PreparedBody, type WorkflowKindHooks } from '../tasks/workflow-kinds.ts';
import { lendOldestUnit, undoLending } from './lend-unit.ts';

type TaskRow = typeof tasks.$inferSelect;

interface ChosenType {
  readonly id: number;
  readonly name: string;
  readonly months: number;
  readonly software: { id: number; name: string }[];
}

/** The active type and the chosen software of it, or 400 under the field. */
async function checkChoice(db: Db, typeId: unknown, softwareIds: unknown): Promise<ChosenType> {
  const id = typeof typeId === 'number' ? typeId : Number.NaN;
  const [type] = Number.isSafeInteger(id)
    ? await db
        .select({ id: assetTypes.id, name: assetTypes.name, months: assetTypes.validityPeriod })
        .from(assetTypes)
        .where(and(eq(assetTypes.id, id), eq(assetTypes.isActive, true)))
    : [];
  if (!type) throw ValidationError.field(ASSET_FIELDS.assetsType, ASSET_MSG.unknownType);
  const wanted = parseIdList(softwareIds);
  if (wanted.some((n) => !Number.isSafeInteger(n)))
    throw ValidationError.field(ASSET_FIELDS.softwareId, ASSET_MSG.foreignSoftware);
  const offered = wanted.length
    ? await db
        .select({ id: software.id, name: software.name })
        .from(assetTypeSoftware)
        .innerJoin(software, eq(software.id, assetTypeSoftware.softwareId))
        .where(and(eq(assetTypeSoftware.assetTypeId, type.id), inArray(software.id, wanted)))
        .orderBy(asc(software.id))
    : [];
  if (offered.length !== wanted.length)
    throw ValidationError.field(ASSET_FIELDS.softwareId, ASSET_MSG.foreignSoftware);
  return { ...type, software: offered };
}

/** The values the masters decide, whatever the client sent for them. */
function fromMasters(type: ChosenType): TFieldValues {
  return {
    [ASSET_FIELDS.software]: type.software.map((s) => s.name).join(','),
    [ASSET_FIELDS.softwareId]: type.software.map((s) => s.id).join(','),
  };
}

const has = (fields: readonly FieldRow[], name: string) => fields.some((f) => f.name === name);

/** Keeps the values of the form's own fields only. */
function ofFields(fields: readonly FieldRow[], values: TFieldValues): TFieldValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => has(fields, name)));
}

async function prepareLend(
  db: Db,
  input: { body: Record<string, unknown>; workflowId: number },
): Promise<PreparedBody> {
  const fields = await loadFields(db, input.workflowId);
  // Written by the server: a forged value is replaced, not refused.
  const body = {
    ...input.body,
    [ASSET_FIELDS.expirationDate]: null,
    [ASSET_FIELDS.software]: null,
    [ASSET_FIELDS.assetId]: null,
  };
  const { values, uploads } = checkValues(fields, body);
  const type = await checkChoice(db, values[ASSET_FIELDS.assetsType], input.body[ASSET_FIELDS.softwareId]);
  await checkFormReferences(db, fields, values);
  const decided = ofFields(fields, {
    ...fromMasters(type),
    [ASSET_FIELDS.expirationDate]: type.months,
    [ASSET_FIELDS.assetId]: '',
  });
  return { values: { ...values, ...decided }, uploads };
}

/** A purchase may carry a lending's choices (made from the lending form without stock). */
async function preparePurchase(
  db: Db,
  input: { body: Record<string, unknown>; workflowId: number },
): Promise<PreparedBody> {
  const fields = await loadFields(db, input.workflowId);
  const typeId = input.body[ASSET_FIELDS.assetsType];
  if (typeId === undefined || typeId === null || typeId === '') {
    const plain = checkValues(fields, { ...input.body, [ASSET_FIELDS.software]: null });
    await checkFormReferences(db, fields, plain.values);
    return plain;
  }
  const type = await checkChoice(
    db,
    typeof typeId === 'string' && /^\d+$/.test(typeId) ? Number(typeId) : typeId,
    input.body[ASSET_FIELDS.softwareId],
  );
  // What the lending form does not ask: the item is the type, one of it.
  const body = {
    item: type.name,
    quantity: 1,
    unit_price: 0,
    ...input.body,
    [ASSET_FIELDS.assetsType]: type.id,
    [ASSET_FIELDS.software]: null,
    [ASSET_FIELDS.softwareId]: null,
  };
  const { values, uploads } = checkValues(fields, ofFields(fields, body));
  await checkFormReferences(db, fields, values);
  return { values: { ...values, ...ofFields(fields, fromMasters(type)) }, uploads };
}

async function finishLend(tx: Db, task: TaskRow): Promise<void> {
  const typeId = Number(task.values[ASSET_FIELDS.assetsType]);
  if (!Number.isSafeInteger(typeId)) return;
  const months = task.values[ASSET_FIELDS.expirationDate];
  await lendOldestUnit(tx, {
    typeId,
    userId: task.applicantId,
    taskId: task.id,
    months: typeof months === 'number' ? months : null,
    softwareIds: parseIdList(task.values[ASSET_FIELDS.softwareId]).filter(Number.isSafeInteger),
    today: tokyoDate(),
  });
}

/** The type's name with its months, for the card and the read-only view. */
export async function typeLabelOf(db: Db, value: unknown): Promise<string> {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) return value === null || value === undefined ? '' : String(value);
  const [type] = await db
    .select({ name: assetTypes.name, months: assetTypes.validityPeriod })
    .from(assetTypes)
    .where(eq(assetTypes.id, id));
  return type ? assetTypeWithMonths(type.name, type.months) : String(value);
}

async function assetCard(db: Db, task: TaskRow): Promise<TCardSection[] | null> {
  const fields = await loadFields(db, task.workflowId);
  const rows = [];
  for (const field of fields) {
    if (ASSET_HIDDEN_FIELDS.includes(field.name)) continue;
    const value = task.values[field.name];
    const text =
      field.name === ASSET_FIELDS.assetsType
        ? await typeLabelOf(db, value)
        : value === null || value === undefined
          ? ''
          : String(value);
    if (text !== '') rows.push({ label: field.label, value: text });
  }
  return [{ rows }];
}

const assetLendKind: WorkflowKindHooks = {
  prepare: (db, { body, workflowId }) => prepareLend(db, { body, workflowId }),
  onFinished: finishLend,
  onUndone: (tx, task) => undoLending(tx, task.id),
  cardSections: assetCard,
};

const assetPurchaseKind: WorkflowKindHooks = {
  prepare: (db, { body, workflowId }) => preparePurchase(db, { body, workflowId }),
  cardSections: assetCard,
};

export function registerAssetKinds(): void {
  registerWorkflowKind('asset_lend', assetLendKind);
  registerWorkflowKind('asset_purchase', assetPurchaseKind);
}
