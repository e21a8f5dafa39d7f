// お知らせ in the console: the list with each notice's 状態, one notice with 既読 n / 対象 m, writing
// one (a whole notice each time, with its files) and 未読者に再通知. Staff holding company.add_notice
// or company.change_notice, as the endpoint table declares; every write is audited in its own
// transaction (consoleChange), and a 重要 notice published at once tells its audience in it too.
import { sql } from 'drizzle-orm';
import type { ZAdminNoticeBody } from '@portal/shared/contracts/notices';
import { type TAdminNotice, type TAdminNoticeRow } from '@portal/shared/contracts/notices';
import {
  NOTICE_EXTENSIONS,
  NOTICE_LIMITS,
  NOTICE_MSG,
  importanceName,
  noticeState,
  noticeStateName,
  type TNoticeImportance,
} from '@portal/shared/contracts/notice-codes';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { z } from 'zod';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readAttachmentInputs, type FileInput, type NewFile } from '../../files/attachment-inputs.ts';
import { noticeAttachments, noticeOrganizations, notices } from '../../db/schema/notices.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { consoleChange, nothingBefore } from '../admin/console-access.ts';
import { attachmentsOf } from './read-notices.ts';
import { readCounts, unreadUserIds } from './notice-audience.ts';
import { remindKey, tellIfDue, tellUsers, NOTICE_BELL_MSG } from './notice-job.ts';

type Body = z.output<typeof ZAdminNoticeBody>;

interface NoticeRecord {
  id: number;
  title: string;
  body: string;
  importance: TNoticeImportance;
  pinned: boolean;
  draft: boolean;
  publish_start: Date | string | null;
  publish_end: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  organizations: { id: number; name: string }[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function fieldsOf(r: NoticeRecord, now: Date): TAdminNoticeRow {
  const state = noticeState(r, now);
  return {
    id: Number(r.id),
    title: r.title,
    importance: r.importance,
    importance_name: importanceName(r.importance),
    pinned: r.pinned,
    draft: r.draft,
    publish_start: iso(r.publish_start),
    publish_end: iso(r.publish_end),
    state,
    state_name: noticeStateName(state),
    audience_name: r.organizations.length
      ? r.organizations.map((o) => o.name).join('、')
      : NOTICE_MSG.everyone,
  };
}

const RECORD_COLUMNS = sql`n.id, n.title, n.body, n.importance, n.pinned, n.draft, n.publish_start,
  n.publish_end, n.created_at, n.updated_at,
  coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.id)
    from notice_organizations x join organizations o on o.id = x.organization_id
    where x.notice_id = n.id), '[]'::json) as organizations`;

export async function listAdminNotices({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { page: number };
}): Promise<{ count: number; results: TAdminNoticeRow[] }> {
  const [total] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from notices`);
  const rows = await queryRows<NoticeRecord>(
    ctx.db,
    sql`select ${RECORD_COLUMNS} from notices n
      order by n.publish_start desc nulls first, n.id desc limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  const now = new Date();
  return { count: Number(total?.n ?? 0), results: rows.map((r) => fieldsOf(r, now)) };
}

async function findRecord(db: Db, id: number, lock = false): Promise<NoticeRecord> {
  const [row] = await queryRows<NoticeRecord>(
    db,
    sql`select ${RECORD_COLUMNS} from notices n where n.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw new NotFound();
  return row;
}

async function detailOf(db: Db, id: number): Promise<TAdminNotice> {
  const record = await findRecord(db, id);
  const counts = await readCounts(db, id);
  return {
    ...fieldsOf(record, new Date()),
    body: record.body,
    organizations: record.organizations,
    attachments: await attachmentsOf(db, id),
    read_count: counts.read,
    audience_count: counts.audience,
    created_at: iso(record.created_at)!,
    updated_at: iso(record.updated_at)!,
  };
}

export function getAdminNotice({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  return detailOf(ctx.db, input.id);
}

/**
 * Checks what the schema cannot: the organisations exist and are open, each new file is an upload
 * string of §9's extensions within 2 MB, and each kept one exists. Throws every field's error at once.
 */
async function checked(db: Db, body: Body, noticeId: number | null): Promise<{ files: FileInput[] }> {
  const errors: Record<string, string[]> = {};
  const ids = [...new Set(body.organization_ids)];
  if (ids.length) {
    const open = await queryRows<{ id: number }>(
      db,
      sql`select id from organizations where closed_at is null
        and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    if (open.length !== ids.length) errors.organization_ids = [NOTICE_MSG.unknownOrganization];
  }
  const kept = noticeId
    ? new Set(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select n from notice_attachments where notice_id = ${noticeId}`,
          )
        ).map((r) => Number(r.n)),
      )
    : new Set<number>();
  const { files, errors: fileErrors } = readAttachmentInputs(body.attachments, kept, {
    extensions: NOTICE_EXTENSIONS,
    bytes: NOTICE_LIMITS.bytes,
    msg: NOTICE_MSG,
  });
  if (fileErrors.length) errors.attachments = fileErrors;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { files };
}

/** Writes the notice's organisations and files (kept ones renumbered in the order sent). */
async function writeParts(tx: Db, id: number, body: Body, files: readonly FileInput[]): Promise<void> {
  await tx.execute(sql`delete from notice_organizations where notice_id = ${id}`);
  const ids = [...new Set(body.organization_ids)];
  if (ids.length)
    await tx
      .insert(noticeOrganizations)
      .values(ids.map((organizationId) => ({ noticeId: id, organizationId })));
  const keptContent = new Map<number, NewFile>();
  for (const file of files)
    if ('keep' in file) {
      const [row] = await queryRows<{ name: string; content_type: string; content: Uint8Array }>(
        tx,
        sql`select name, content_type, content from notice_attachments where notice_id = ${id} and n = ${file.keep}`,
      );
      keptContent.set(file.keep, {
        name: row!.name,
        contentType: row!.content_type,
        content: Buffer.from(row!.content),
      });
    }
  await tx.execute(sql`delete from notice_attachments where notice_id = ${id}`);
  const rows = files.map((file, i) => {
    const content = 'keep' in file ? keptContent.get(file.keep)! : file;
    return { noticeId: id, n: i + 1, ...content };
  });
  if (rows.length) await tx.insert(noticeAttachments).values(rows);
}

function columnsOf(body: Body, now: Date) {
  return {
    title: body.title,
    body: body.body,
    importance: body.importance,
    pinned: body.pinned,
    draft: body.draft,
    // Published without a 公開開始: from now.
    publishStart: body.publish_start ?? (body.draft ? null : now),
    publishEnd: body.publish_end,
  };
}

function invalidPeriod(start: Date | null, end: Date | null): void {
  if (start && end && end <= start) throw ValidationError.field('publish_end', NOTICE_MSG.endBeforeStart);
}

/** What the audit keeps of a notice: no file contents, their names only. */
function audited(d: TAdminNotice) {
  return {
    title: d.title,
    importance: d.importance,
    pinned: d.pinned,
    draft: d.draft,
    publish_start: d.publish_start,
    publish_end: d.publish_end,
    organizations: d.organizations.map((o) => o.name),
    attachments: d.attachments.map((a) => a.name),
    body_length: d.body.length,
  };
}

export async function createNotice({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: Body;
}): Promise<TAdminNotice> {
  const now = new Date();
  const columns = columnsOf(input, now);
  invalidPeriod(columns.publishStart, columns.publishEnd);
  return consoleChange(ctx, {
    resource: 'notices',
    before: nothingBefore,
    write: async (tx) => {
      const { files } = await checked(tx, input, null);
      const [row] = await tx
        .insert(notices)
        .values({ ...columns, createdBy: ctx.user.id })
        .returning({ id: notices.id });
      await writeParts(tx, row!.id, input, files);
      await tellIfDue(tx, row!.id, now);
      return detailOf(tx, row!.id);
    },
    audit: (_before, after) => ({
      action: 'create',
      objectId: after.id,
      objectLabel: after.title,
      before: null,
      after: audited(after),
    }),
  });
}

export async function patchNotice({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: Body };
}): Promise<TAdminNotice> {
  const now = new Date();
  const columns = columnsOf(input.body, now);
  return consoleChange(ctx, {
    resource: 'notices',
    before: async (tx) => {
      await findRecord(tx, input.id, true);
      return detailOf(tx, input.id);
    },
    write: async (tx, before) => {
      // A published notice edited without a 公開開始 keeps the one it had.
      const publishStart =
        input.body.publish_start ??
        (input.body.draft ? null : before.publish_start ? new Date(before.publish_start) : now);
      invalidPeriod(publishStart, columns.publishEnd);
      const { files } = await checked(tx, input.body, input.id);
      await tx.execute(sql`update notices set title = ${columns.title}, body = ${columns.body},
        importance = ${columns.importance}, pinned = ${columns.pinned}, draft = ${columns.draft},
        publish_start = ${iso(publishStart)}::timestamptz, publish_end = ${iso(columns.publishEnd)}::timestamptz,
        updated_at = now() where id = ${input.id}`);
      await writeParts(tx, input.id, input.body, files);
      await tellIfDue(tx, input.id, now);
      return detailOf(tx, input.id);
    },
    audit: (before, after) => ({
      action: 'update',
      objectId: after.id,
      objectLabel: after.title,
      before: audited(before),
      after: audited(after),
    }),
  });
}

/** 未読者に再通知: a bell and a Lark text to each member of the audience who has not opened it. */
export async function remindNotice({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<{ notified: number }> {
  const now = new Date();
  return consoleChange(ctx, {
    resource: 'notices',
    before: (tx) => findRecord(tx, input.id, true),
    write: async (tx, record) => {
      if (noticeState(record, now) !== 'published')
        throw ValidationError.field('confirm', NOTICE_MSG.remindNotLive);
      const unread = await unreadUserIds(tx, input.id);
      await tellUsers(tx, { id: input.id, title: record.title }, unread, {
        heading: NOTICE_BELL_MSG.remindTitle,
        key: remindKey(input.id),
      });
      return { notified: unread.length };
    },
    audit: (record, after) => ({
      action: 'remind',
      objectId: input.id,
      objectLabel: record.title,
      before: null,
      after,
    }),
  });
}
