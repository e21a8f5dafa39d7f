// GET account/export/: the caller's own data as one zip (個人情報保護法 §33). Reading one's own
// records writes no access row; a caller who is no employee has nothing to export (404).
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { NotFound } from '../../errors.ts';
import { personDataZip } from './person-data-zip.ts';

export async function exportOwnData({ ctx }: { ctx: RequestContext }) {
  const [own] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, ctx.user.id));
  if (!own) throw new NotFound();
  return personDataZip(ctx.db, own.id, { ownView: true });
}
