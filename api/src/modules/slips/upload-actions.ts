// What HR does with an upload after issuing it (issue 29): 未開封の社員に再送信 (the bell and Lark again
// to those who have not opened their slip), 公開日時の変更 before publication, and the withdrawal
// (公開予約の取消 before, 公開の取消 after): its employees no longer see its slips, the row stays (取消),
// and slips it had corrected become current again.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  UPLOAD_MSG,
  UPLOAD_PUBLISH_MAX_DAYS,
  ZUploadPublicationChange,
  ZUploadResend,
  type TUploadHistoryRow,
  type TUploadResendResult,
} from '@portal/shared/contracts/uploads';
import { SUCCESS } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { paymentSlips, slipUploads, withholdingSlips } from '../../db/schema/slips.ts';
import { Conflict, NotFound, ValidationError } from '../../errors.ts';
import { recipientsOf, writeSlipNotices } from './slip-notices.ts';
import { findUpload } from './upload-history.ts';

export const UPLOAD_ACTION_MSG = {
  notPublished: 'まだ公開されていないため再送信できません。',
  withdrawn: 'この発行は取り消されています。',
  alreadyPublished: '公開済みのため公開日時は変更できません。',
  noneUnopened: '未開封の社員はいません。',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The upload, locked for the change: 404 when there is none. */
async function lockUpload(tx: Db, id: number) {
  const [upload] = await tx.select().from(slipUploads).where(eq(slipUploads.id, id)).for('update');
  if (!upload) throw new NotFound();
  return upload;
}

/** POST expense/resend/: bell, Lark and push again to the employees who have not opened their slip. */
export async function resendUpload({
  ctx,
  input,
  publicUrl,
}: {
  ctx: RequestContext;
  input: unknown;
  publicUrl?: string | undefined;
}): Promise<TUploadResendResult> {
  await ctx.require(PERM.addUploadHistory);
  const parsed = ZUploadResend.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const upload = await lockUpload(tx, parsed.data.upload_id);
    if (upload.withdrawnAt) throw new Conflict(UPLOAD_ACTION_MSG.withdrawn);
    if (upload.publishAt > now) throw new Conflict(UPLOAD_ACTION_MSG.notPublished);
    const recipients = await recipientsOf(tx, upload, true);
    await writeSlipNotices(tx, upload, recipients, {
      publicUrl,
      key: `resend-${upload.id}-${now.getTime()}`,
      reminder: true,
    });
    return { sent: recipients.length, detail: SUCCESS.resent };
  });
}

/** PATCH expense/upload-history/{id}/: a new publication time, while it has not come. */
export async function changePublication({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TUploadHistoryRow> {
  await ctx.require(PERM.addUploadHistory);
  const parsed = ZUploadPublicationChange.safeParse(input.body);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const now = new Date();
  const at = new Date(parsed.data.publish_at);
  if (at.getTime() < now.getTime() - 60_000)
    throw ValidationError.field('publish_at', UPLOAD_MSG.publishPast);
  if (at.getTime() > now.getTime() + UPLOAD_PUBLISH_MAX_DAYS * DAY_MS)
    throw ValidationError.field('publish_at', UPLOAD_MSG.publishTooLate);
  await ctx.db.transaction(async (tx) => {
    const upload = await lockUpload(tx, input.id);
    if (upload.withdrawnAt) throw new Conflict(UPLOAD_ACTION_MSG.withdrawn);
    if (upload.publishAt <= now || upload.notifiedAt) throw new Conflict(UPLOAD_ACTION_MSG.alreadyPublished);
    await tx.update(slipUploads).set({ publishAt: at }).where(eq(slipUploads.id, upload.id));
  });
  return findUpload(ctx.db, input.id);
}

/**
 * POST expense/upload-history/{id}/withdraw/: the upload's slips are retired (hidden from their
 * employees); the slips they had corrected are current again.
 */
export async function withdrawUpload({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TUploadHistoryRow> {
  await ctx.require(PERM.addUploadHistory);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const upload = await lockUpload(tx, input.id);
    if (upload.withdrawnAt) throw new Conflict(UPLOAD_ACTION_MSG.withdrawn);
    const table = upload.kind === 'withholding' ? withholdingSlips : paymentSlips;
    const retired = await tx
      .update(table)
      .set({ retiredAt: now })
      .where(and(eq(table.uploadId, upload.id), isNull(table.retiredAt)))
      .returning({ id: table.id });
    const ids = retired.map((r) => r.id);
    // The slips these had corrected, unless their own upload was withdrawn meanwhile.
    for (let i = 0; i < ids.length; i += 1000)
      await tx
        .update(table)
        .set({ retiredAt: null, supersededBy: null })
        .where(
          and(
            inArray(table.supersededBy, ids.slice(i, i + 1000)),
            isNotNull(table.retiredAt),
            sql`(${table.uploadId} is null or ${table.uploadId} in
              (select id from slip_uploads where withdrawn_at is null))`,
          ),
        );
    await tx.update(slipUploads).set({ withdrawnAt: now }).where(eq(slipUploads.id, upload.id));
  });
  return findUpload(ctx.db, input.id);
}
