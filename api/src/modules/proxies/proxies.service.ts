// Approval proxies (account/proxies/): the caller names who stands in for them and when. The proxy
// sees the rows where they stand in, read-only; anyone else gets 404.
import { and, count, desc, eq, gte, lte, ne, or, sql } from 'drizzle-orm';
import { NON_FIELD_ERRORS } from '@portal/shared/contracts/errors';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import { ZProxyRequest, type TProxy, type TProxyRequest } from '@portal/shared/contracts/proxies';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { users } from '../../db/schema/users.ts';
import { tokyoDate } from '../../dates.ts';
import { NotFound, PermissionDenied, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import { userNames } from '../people/display-names.ts';

type ProxyRow = typeof approvalProxies.$inferSelect;

/** The first key of the advisory locks on one principal's proxies (the second is the principal). */
const PROXY_LOCK_CLASS = 7301;

async function toProxies(db: Db, rows: readonly ProxyRow[], viewerId: number): Promise<TProxy[]> {
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.principalId, r.proxyId]),
  );
  const today = tokyoDate();
  return rows.map((r) => ({
    id: r.id,
    principal_id: r.principalId,
    principal_name: names.get(r.principalId) ?? '',
    proxy_id: r.proxyId,
    proxy_name: names.get(r.proxyId) ?? '',
    start_date: r.startDate,
    end_date: r.endDate,
    is_active: r.startDate <= today && today <= r.endDate,
    is_mine_as_proxy: r.proxyId === viewerId,
  }));
}

function mine(userId: number) {
  return or(eq(approvalProxies.principalId, userId), eq(approvalProxies.proxyId, userId));
}

async function findVisible(ctx: RequestContext, id: number): Promise<ProxyRow> {
  const [row] = await ctx.db
    .select()
    .from(approvalProxies)
    .where(and(eq(approvalProxies.id, id), mine(ctx.user.id)));
  if (!row) throw new NotFound();
  return row;
}

async function findOwn(ctx: RequestContext, id: number): Promise<ProxyRow> {
  const row = await findVisible(ctx, id);
  if (row.principalId !== ctx.user.id) throw new PermissionDenied();
  return row;
}

function parse(body: unknown): TProxyRequest {
  const result = ZProxyRequest.safeParse(body ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/** The proxy must be another active user, and the caller's periods may not overlap. */
async function check(
  tx: Db,
  principalId: number,
  body: TProxyRequest,
  exceptId: number | null,
): Promise<void> {
  if (body.proxy_id === principalId) throw ValidationError.field('proxy_id', WORKFLOW_MSG.proxySelf);
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, body.proxy_id), eq(users.isActive, true)));
  if (!user) throw ValidationError.field('proxy_id', '代理承認者が見つかりません。');
  // Check-then-insert races: two simultaneous requests would both see no overlap. A lock per
  // principal, held to the end of the transaction, makes the second wait and then see the first's
  // row. Chosen over an exclusion constraint, which needs btree_gist loaded into PGlite as well.
  await tx.execute(sql`select pg_advisory_xact_lock(${PROXY_LOCK_CLASS}, ${principalId})`);
  const [overlap] = await tx
    .select({ id: approvalProxies.id })
    .from(approvalProxies)
    .where(
      and(
        eq(approvalProxies.principalId, principalId),
        lte(approvalProxies.startDate, body.end_date),
        gte(approvalProxies.endDate, body.start_date),
        exceptId === null ? undefined : ne(approvalProxies.id, exceptId),
      ),
    )
    .limit(1);
  if (overlap) throw ValidationError.field(NON_FIELD_ERRORS, WORKFLOW_MSG.proxyOverlap);
}

export async function listProxies({ ctx, input }: { ctx: RequestContext; input: { page: number } }) {
  const [total] = await ctx.db.select({ n: count() }).from(approvalProxies).where(mine(ctx.user.id));
  const rows = await ctx.db
    .select()
    .from(approvalProxies)
    .where(mine(ctx.user.id))
    .orderBy(desc(approvalProxies.startDate), desc(approvalProxies.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  return { count: total?.n ?? 0, results: await toProxies(ctx.db, rows, ctx.user.id) };
}

export async function getProxy({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TProxy> {
  return (await toProxies(ctx.db, [await findVisible(ctx, input.id)], ctx.user.id))[0]!;
}

export async function createProxy({ ctx, input }: { ctx: RequestContext; input: unknown }): Promise<TProxy> {
  const body = parse(input);
  const row = await ctx.db.transaction(async (tx) => {
    await check(tx, ctx.user.id, body, null);
    const [created] = await tx
      .insert(approvalProxies)
      .values({
        principalId: ctx.user.id,
        proxyId: body.proxy_id,
        startDate: body.start_date,
        endDate: body.end_date,
      })
      .returning();
    return created!;
  });
  return (await toProxies(ctx.db, [row], ctx.user.id))[0]!;
}

export async function replaceProxy({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TProxy> {
  await findOwn(ctx, input.id);
  const body = parse(input.body);
  const row = await ctx.db.transaction(async (tx) => {
    await check(tx, ctx.user.id, body, input.id);
    const [updated] = await tx
      .update(approvalProxies)
      .set({ proxyId: body.proxy_id, startDate: body.start_date, endDate: body.end_date })
      .where(eq(approvalProxies.id, input.id))
      .returning();
    return updated!;
  });
  return (await toProxies(ctx.db, [row], ctx.user.id))[0]!;
}

export async function deleteProxy({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<void> {
  await findOwn(ctx, input.id);
  await ctx.db.delete(approvalProxies).where(eq(approvalProxies.id, input.id));
}
