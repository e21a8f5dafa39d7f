// Telling employees their slip is ready (issue 29): once an upload's publication time has come, each
// of its employees gets a bell, a Lark text (records.lark_notice through the outbox) and a push where
// they registered a device: that the slip is ready, with a link, never an amount. A run claims each
// due upload by setting its notified_at where it is still null, in the transaction that writes the
// notices (as residence-notice-job.ts claims by its unique key), so however many runs and replicas
// there are, an upload notifies once. The API runs it at start and every minute, and right after an
// issue that publishes at once.
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { TEventJobName } from '@portal/shared/contracts/bot-jobs';
import { UPLOAD_KIND_NAMES, uploadTarget, type TUploadKind } from '@portal/shared/contracts/uploads';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { employees } from '../../db/schema/employees.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { paymentSlips, slipUploads, withholdingSlips } from '../../db/schema/slips.ts';
import type { Logger } from '../../logger.ts';
import { queueLarkNotices } from '../records/record-changes.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';

export const SLIP_NOTICE_MSG = {
  title: (kind: TUploadKind) => `${UPLOAD_KIND_NAMES[kind]}が発行されました`,
  corrected: (kind: TUploadKind) => `${kind === 'withholding' ? '源泉徴収票' : '給与明細'}が訂正されました`,
  reminder: (kind: TUploadKind) => `${UPLOAD_KIND_NAMES[kind]}をご確認ください`,
  content: (kind: TUploadKind, target: string) =>
    `${target}の${UPLOAD_KIND_NAMES[kind]}を公開しました。ポータルで確認してください。`,
  lark: (title: string, content: string, link: string) => `${title}\n${content}\n${link}`,
} as const;

/** The page an employee opens their slips on. */
export function slipPage(kind: TUploadKind): string {
  return kind === 'withholding' ? '/withholding' : '/payment-slip';
}

export interface SlipRecipient {
  readonly userId: number;
  /** This employee's slip corrects one published before. */
  readonly correction: boolean;
}

interface UploadRef {
  readonly id: number;
  readonly kind: TUploadKind;
  readonly year: number;
  readonly month: number | null;
}

/** The employees (with an account) of an upload's current slips; `unopenedOnly` keeps those who have not opened theirs. */
export async function recipientsOf(
  db: Db,
  upload: UploadRef,
  unopenedOnly = false,
): Promise<SlipRecipient[]> {
  const table = upload.kind === 'withholding' ? withholdingSlips : paymentSlips;
  const rows = await db
    .select({
      userId: employees.userId,
      correction: sql<boolean>`exists (select 1 from ${table} old where old.superseded_by = ${table.id})`,
    })
    .from(table)
    .innerJoin(employees, eq(employees.id, table.employeeId))
    // A leaver's account is inactive (issue 34): their slip stays, no bell, push or Lark text goes.
    .innerJoin(users, and(eq(users.id, employees.userId), eq(users.isActive, true)))
    .where(
      and(
        eq(table.uploadId, upload.id),
        isNull(table.retiredAt),
        unopenedOnly ? isNull(table.openedAt) : undefined,
      ),
    );
  return rows.flatMap((r) => (r.userId === null ? [] : [{ userId: r.userId, correction: r.correction }]));
}

export interface NoticeOptions {
  /** The portal's address (no trailing slash), for the link in Lark; else the path alone. */
  readonly publicUrl?: string | undefined;
}

/**
 * Writes the bell, the Lark text and the push of each recipient; `key` makes each outbox row's
 * idempotency key (one per upload and user, or per resend and user).
 */
export async function writeSlipNotices(
  tx: Db,
  upload: UploadRef,
  recipients: readonly SlipRecipient[],
  options: NoticeOptions & { readonly key: string; readonly reminder?: boolean },
): Promise<void> {
  if (recipients.length === 0) return;
  const target = uploadTarget(upload);
  const forward = slipPage(upload.kind);
  const link = `${options.publicUrl?.replace(/\/+$/, '') ?? ''}${forward}`;
  const content = SLIP_NOTICE_MSG.content(upload.kind, target);
  const titleOf = (r: SlipRecipient) =>
    options.reminder
      ? SLIP_NOTICE_MSG.reminder(upload.kind)
      : r.correction
        ? SLIP_NOTICE_MSG.corrected(upload.kind)
        : SLIP_NOTICE_MSG.title(upload.kind);
  for (let i = 0; i < recipients.length; i += 1000) {
    const part = recipients.slice(i, i + 1000);
    await tx
      .insert(notifications)
      .values(part.map((r) => ({ userId: r.userId, title: titleOf(r), content, forward })));
    const push: TEventJobName = 'push.notify';
    await tx
      .insert(outbox)
      .values(
        part.map((r) => ({
          topic: push,
          idempotencyKey: `slip-push:${options.key}:${r.userId}`,
          payload: { user_id: r.userId, title: titleOf(r), body: content, forward },
        })),
      )
      .onConflictDoNothing();
  }
  await queueLarkNotices(
    tx,
    recipients.map((r) => ({
      userId: r.userId,
      text: SLIP_NOTICE_MSG.lark(titleOf(r), content, link),
      key: `slip-notice:${options.key}:${r.userId}`,
    })),
  );
}

/** Notifies every upload due at `now` not notified yet; answers how many uploads it claimed. */
export async function runSlipNotices(
  db: Db,
  now: Date = new Date(),
  options: NoticeOptions = {},
): Promise<number> {
  const due = await db
    .select({ id: slipUploads.id })
    .from(slipUploads)
    .where(
      and(isNull(slipUploads.notifiedAt), isNull(slipUploads.withdrawnAt), lte(slipUploads.publishAt, now)),
    )
    .orderBy(slipUploads.id);
  let claimed = 0;
  for (const { id } of due) {
    const told = await db.transaction(async (tx) => {
      const [upload] = await tx
        .update(slipUploads)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(slipUploads.id, id),
            isNull(slipUploads.notifiedAt),
            isNull(slipUploads.withdrawnAt),
            lte(slipUploads.publishAt, now),
          ),
        )
        .returning({
          id: slipUploads.id,
          kind: slipUploads.kind,
          year: slipUploads.year,
          month: slipUploads.month,
        });
      if (!upload) return false;
      await writeSlipNotices(tx, upload, await recipientsOf(tx, upload), {
        ...options,
        key: `upload-${upload.id}`,
      });
      return true;
    });
    if (told) claimed++;
  }
  return claimed;
}

const EVERY_MS = 60 * 1000;

/** Runs the notices now and then every minute; stop() ends the timer. */
export function startSlipNoticeJob(options: {
  db: Db;
  logger: Logger;
  publicUrl?: string | undefined;
  everyMs?: number;
}): PeriodicJob {
  return startPeriodicJob({
    name: 'slip-notices',
    db: options.db,
    logger: options.logger,
    everyMs: options.everyMs ?? EVERY_MS,
    run: () => runSlipNotices(options.db, new Date(), { publicUrl: options.publicUrl }),
    done: (uploads) => [{ uploads }, 'slip notices sent'],
    failed: 'slip notices failed',
  });
}
