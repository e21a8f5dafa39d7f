// 購入品の受領 (issue 31): an approved 資材購入申請 is received in the console once, its units (管理番号
// and シリアル番号 each) added to stock. A purchase made from the lending form without stock carries
// the lending's type and software: its first unit is lent to the applicant at once, with a bell.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TAdminPurchase, TAdminReceipt, TAdminReceiveRequest } from '@portal/shared/contracts/assets';
import { ASSET_FIELDS, parseIdList } from '@portal/shared/workflow/assets';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assets, assetTypes } from '../../db/schema/assets.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { tokyoDate } from '../../dates.ts';
import { Conflict, NotFound, ValidationError, type FieldErrors } from '../../errors.ts';
import { consoleChange, type OnRecord } from '../admin/console-access.ts';
import { userNames } from '../people/display-names.ts';
import { queueLarkNotice } from '../records/record-changes.ts';
import { lendReceivedUnit } from './lend-unit.ts';
import { readLending } from './lendings.ts';

export const RECEIPT_MSG = {
  received: 'この購入申請はすでに受領済みです。',
  noType: '資材種別のない購入申請は受領できません。資材を個別に登録してください。',
  bellTitle: '資材を貸し出しました',
  bell: (type: string, code: string) =>
    `購入された${type}（管理番号 ${code}）を貸し出しました。資材貸出の画面で確認できます。`,
} as const;

async function approvedPurchases(db: Db, taskId?: number) {
  return db
    .select({
      id: tasks.id,
      applicantId: tasks.applicantId,
      values: tasks.values,
      finishedAt: tasks.finishedAt,
    })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(
      and(
        eq(workflows.kind, 'asset_purchase'),
        eq(tasks.status, '90'),
        taskId === undefined ? undefined : eq(tasks.id, taskId),
      ),
    )
    .orderBy(asc(tasks.id));
}

export async function listPurchases({ ctx }: { ctx: RequestContext }): Promise<TAdminPurchase[]> {
  const rows = await approvedPurchases(ctx.db);
  if (!rows.length) return [];
  const names = await userNames(
    ctx.db,
    rows.map((r) => r.applicantId),
  );
  const received = new Set(
    (
      await ctx.db
        .selectDistinct({ taskId: assets.purchaseTaskId })
        .from(assets)
        .where(
          inArray(
            assets.purchaseTaskId,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.taskId),
  );
  const types = new Map(
    (await ctx.db.select({ id: assetTypes.id, name: assetTypes.name }).from(assetTypes)).map((t) => [
      t.id,
      t.name,
    ]),
  );
  return rows.map((r) => {
    const typeId = Number(r.values[ASSET_FIELDS.assetsType]);
    const typeName = types.get(typeId);
    return {
      id: r.id,
      task_id: r.id,
      applicant: { id: r.applicantId, name: names.get(r.applicantId) ?? '' },
      item: String(r.values.item ?? ''),
      quantity: Number(r.values.quantity ?? 1),
      asset_type: typeName === undefined ? null : { id: typeId, name: typeName },
      approved_at: r.finishedAt?.toISOString() ?? null,
      received: received.has(r.id),
    };
  });
}

export async function receivePurchase({
  ctx,
  input,
}: OnRecord<TAdminReceiveRequest>): Promise<TAdminReceipt> {
  const receipt = await consoleChange(ctx, {
    resource: 'assets',
    before: async (tx) => {
      // The task's row lock: two receipts of one purchase run one after the other.
      await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, input.id)).for('update');
      const [purchase] = await approvedPurchases(tx, input.id);
      if (!purchase) throw new NotFound();
      return purchase;
    },
    write: async (tx, purchase) => {
      const [already] = await tx
        .select({ id: assets.id })
        .from(assets)
        .where(eq(assets.purchaseTaskId, purchase.id))
        .limit(1);
      if (already) throw new Conflict(RECEIPT_MSG.received);
      const typeId = Number(purchase.values[ASSET_FIELDS.assetsType]);
      const [type] = Number.isSafeInteger(typeId)
        ? await tx.select().from(assetTypes).where(eq(assetTypes.id, typeId))
        : [];
      if (!type) throw new Conflict(RECEIPT_MSG.noType);
      const codes = input.body.units.map((u) => u.asset_id);
      const errors: FieldErrors = {};
      const taken = new Set(
        (await tx.select({ code: assets.assetId }).from(assets).where(inArray(assets.assetId, codes))).map(
          (r) => r.code,
        ),
      );
      codes.forEach((code, i) => {
        if (taken.has(code) || codes.indexOf(code) !== i)
          errors[`units.${i}.asset_id`] = [`管理番号「${code}」はすでに登録されています。`];
      });
      if (Object.keys(errors).length) throw new ValidationError(errors);
      const today = tokyoDate();
      const added = await tx
        .insert(assets)
        .values(
          input.body.units.map((u) => ({
            assetId: u.asset_id,
            assetTypeId: type.id,
            serialNumber: u.serial_number ?? '',
            purchasedOn: today,
            purchaseTaskId: purchase.id,
          })),
        )
        .returning({ id: assets.id, assetId: assets.assetId });
      const first = added[0]!;
      const lent = await lendReceivedUnit(
        tx,
        { id: first.id, assetId: first.assetId, typeId: type.id },
        {
          userId: purchase.applicantId,
          taskId: purchase.id,
          softwareIds: parseIdList(purchase.values[ASSET_FIELDS.softwareId]).filter(Number.isSafeInteger),
          today,
        },
      );
      const text = RECEIPT_MSG.bell(type.name, lent.assetId);
      await tx.insert(notifications).values({
        userId: purchase.applicantId,
        title: RECEIPT_MSG.bellTitle,
        content: text,
        forward: '/assets',
      });
      await queueLarkNotice(tx, purchase.applicantId, text);
      return { added: added.map((a) => a.assetId), lendingId: lent.lendingId };
    },
    audit: (purchase, after) => ({
      action: 'receive_purchase',
      objectId: purchase.id,
      objectLabel: `資材購入申請 ${purchase.id}`,
      before: null,
      after,
    }),
  });
  return { added: receipt.added, lent: await readLending(ctx.db, receipt.lendingId) };
}
