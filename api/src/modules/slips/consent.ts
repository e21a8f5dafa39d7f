// Consent to electronic delivery of payslips and withholding slips (所得税法 §231, issue 29): per
// employee and document, 同意, 不同意 or 書面交付希望 as the employee answers (with its date), or
// みなし同意 when HR's notice has gone unanswered past its reply date (allowed since 2023). Whoever
// has not agreed (or been deemed to) gets their slips on paper: an upload's detail counts them and
// prints their slips in one PDF.
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import {
  CONSENT_DOCUMENTS,
  CONSENT_STATUS_NAMES,
  ZConsentAnswer,
  ZConsentNotice,
  type TConsent,
  type TConsentDocument,
  type TConsentListQuery,
  type TConsentNoticeResult,
  type TConsentRow,
  type TConsentStatus,
} from '@portal/shared/contracts/uploads';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { slipConsents } from '../../db/schema/slips.ts';
import { users } from '../../db/schema/users.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { queueLarkNotices } from '../records/record-changes.ts';

export const CONSENT_MSG = {
  noticeTitle: (document: string) => `${document}の電子交付についてご回答ください`,
  noticeContent: (document: string, replyBy: string) =>
    `${document}を電子交付（ポータルでの閲覧）とすることへの同意をお願いします。${replyBy} までに回答がない場合は同意したものとみなします。`,
  replyByPast: '回答期限 は今日より後の日付にしてください。',
  notified: (n: number) => `${n} 名に通知しました。`,
} as const;

const DOCUMENT_NAMES: Record<TConsentDocument, string> = { payment: '給与明細', withholding: '源泉徴収票' };

/** Today in Tokyo, as SQL. */
const TODAY = sql`(now() at time zone 'Asia/Tokyo')::date`;

type ConsentRecord = Pick<
  typeof slipConsents.$inferSelect,
  'answer' | 'answeredAt' | 'notifiedAt' | 'replyBy'
>;

function statusOf(record: ConsentRecord | undefined, today: string): TConsentStatus {
  if (!record) return 'none';
  if (record.answer) return record.answer;
  if (record.replyBy !== null && record.replyBy < today) return 'deemed';
  return 'none';
}

function tokyoToday(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}

function consentOf(
  document: TConsentDocument,
  record: ConsentRecord | undefined,
  today = tokyoToday(),
): TConsent {
  const status = statusOf(record, today);
  return {
    document,
    status,
    status_name: CONSENT_STATUS_NAMES[status],
    answered_at: record?.answeredAt?.toISOString() ?? null,
    notified_at: record?.notifiedAt?.toISOString() ?? null,
    reply_by: record?.replyBy ?? null,
    paper: status !== 'agreed' && status !== 'deemed',
  };
}

/**
 * The condition that the employee `employeeId` gets `document` on paper: no consent, and no notice
 * gone unanswered past its reply date.
 */
export function needsPaper(employeeId: SQL | typeof employees.id, document: TConsentDocument | SQL): SQL {
  return sql`not exists (select 1 from slip_consents sc where sc.employee_id = ${employeeId}
    and sc.document = ${document}
    and (sc.answer = 'agreed' or (sc.answer is null and sc.reply_by < ${TODAY})))`;
}

async function ownEmployeeId(ctx: RequestContext): Promise<number> {
  const [own] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, ctx.user.id));
  if (!own) throw new NotFound();
  return own.id;
}

/** GET slip-consent/: the caller's consent for each document. */
export async function myConsents({ ctx }: { ctx: RequestContext }): Promise<TConsent[]> {
  const employeeId = await ownEmployeeId(ctx);
  const rows = await ctx.db.select().from(slipConsents).where(eq(slipConsents.employeeId, employeeId));
  return CONSENT_DOCUMENTS.map((document) =>
    consentOf(
      document,
      rows.find((r) => r.document === document),
    ),
  );
}

/** PUT slip-consent/{document}/: the caller's answer (a withdrawal is 不同意), dated now. */
export async function answerConsent({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { document: TConsentDocument; body: unknown };
}): Promise<TConsent> {
  const employeeId = await ownEmployeeId(ctx);
  const parsed = ZConsentAnswer.safeParse(input.body);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const now = new Date();
  const [row] = await ctx.db
    .insert(slipConsents)
    .values({ employeeId, document: input.document, answer: parsed.data.status, answeredAt: now })
    .onConflictDoUpdate({
      target: [slipConsents.employeeId, slipConsents.document],
      set: { answer: parsed.data.status, answeredAt: now },
    })
    .returning();
  return consentOf(input.document, row);
}

/**
 * POST expense/consent/notice/: asks every employee with an account who has not answered, in the bell
 * and Lark; silence past `reply_by` then counts as consent.
 */
export async function consentNotice({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: unknown;
}): Promise<TConsentNoticeResult> {
  await ctx.require(PERM.addUploadHistory);
  const parsed = ZConsentNotice.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { document, reply_by: replyBy } = parsed.data;
  if (replyBy <= tokyoToday() || Number.isNaN(Date.parse(`${replyBy}T00:00:00Z`)))
    throw ValidationError.field('reply_by', CONSENT_MSG.replyByPast);
  const name = DOCUMENT_NAMES[document];
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const unanswered = await tx
      .select({ id: employees.id, userId: employees.userId })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(
        and(
          eq(users.isActive, true),
          sql`not exists (select 1 from slip_consents sc where sc.employee_id = ${employees.id}
            and sc.document = ${document} and sc.answer is not null)`,
        ),
      );
    if (unanswered.length === 0) return { notified: 0, detail: CONSENT_MSG.notified(0) };
    for (let i = 0; i < unanswered.length; i += 1000)
      await tx
        .insert(slipConsents)
        .values(
          unanswered
            .slice(i, i + 1000)
            .map((e) => ({ employeeId: e.id, document, notifiedAt: now, replyBy })),
        )
        .onConflictDoUpdate({
          target: [slipConsents.employeeId, slipConsents.document],
          set: { notifiedAt: now, replyBy },
        });
    const title = CONSENT_MSG.noticeTitle(name);
    const content = CONSENT_MSG.noticeContent(name, replyBy);
    const forward = document === 'withholding' ? '/withholding' : '/payment-slip';
    const userIds = unanswered.flatMap((e) => (e.userId === null ? [] : [e.userId]));
    for (let i = 0; i < userIds.length; i += 1000)
      await tx
        .insert(notifications)
        .values(userIds.slice(i, i + 1000).map((userId) => ({ userId, title, content, forward })));
    await queueLarkNotices(
      tx,
      userIds.map((userId) => ({
        userId,
        text: `${title}\n${content}`,
        key: `slip-consent:${document}:${now.getTime()}:${userId}`,
      })),
    );
    return { notified: userIds.length, detail: CONSENT_MSG.notified(userIds.length) };
  });
}

/** GET expense/consent/: every employee's consent for a document, 10 a page. */
export async function listConsents({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TConsentListQuery & { page: number };
}): Promise<{ count: number; results: TConsentRow[] }> {
  const document = input.document ?? 'payment';
  const today = tokyoToday();
  const statusSql: Record<TConsentStatus, SQL> = {
    agreed: sql`sc.answer = 'agreed'`,
    refused: sql`sc.answer = 'refused'`,
    paper: sql`sc.answer = 'paper'`,
    deemed: sql`sc.answer is null and sc.reply_by < ${today}`,
    none: sql`(sc.id is null or (sc.answer is null and (sc.reply_by is null or sc.reply_by >= ${today})))`,
  };
  const q = input.query?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = and(
    input.status ? statusSql[input.status] : undefined,
    like
      ? or(
          ilike(employees.code, like),
          ilike(sql`${employees.lastName} || ${employees.firstName}`, like.replace(/\s/g, '')),
        )
      : undefined,
  );
  const base = ctx.db
    .select({
      id: employees.id,
      code: employees.code,
      lastName: employees.lastName,
      firstName: employees.firstName,
      answer: sql<ConsentRecord['answer']>`sc.answer`,
      answeredAt: sql<string | null>`sc.answered_at`,
      notifiedAt: sql<string | null>`sc.notified_at`,
      replyBy: sql<string | null>`sc.reply_by::text`,
    })
    .from(employees)
    .leftJoin(sql`slip_consents sc`, sql`sc.employee_id = ${employees.id} and sc.document = ${document}`)
    .where(where);
  const [total] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(employees)
    .leftJoin(sql`slip_consents sc`, sql`sc.employee_id = ${employees.id} and sc.document = ${document}`)
    .where(where);
  const rows = await base.orderBy(employees.code).limit(PAGE_SIZE).offset(pageOffset(input.page));
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      employee: { id: r.id, code: r.code, name: `${r.lastName} ${r.firstName}` },
      ...consentOf(
        document,
        {
          answer: r.answer,
          answeredAt: r.answeredAt === null ? null : new Date(r.answeredAt),
          notifiedAt: r.notifiedAt === null ? null : new Date(r.notifiedAt),
          replyBy: r.replyBy,
        },
        today,
      ),
    })),
  };
}
