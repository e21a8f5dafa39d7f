import type { TOrganization } from '@portal/shared/contracts/organizations';
import type { RequestContext } from '../../context.ts';
import { subtreeMemberCounts } from './member-counts.ts';
import { listOrganizationsWithHeads, readMemberships } from './organizations.repository.ts';

/** The whole tree; every signed-in employee may see the organisation chart. */
export async function listOrganizations({ ctx }: { ctx: RequestContext }): Promise<TOrganization[]> {
  const [rows, { direct, multiple }] = await Promise.all([
    listOrganizationsWithHeads(ctx.db),
    readMemberships(ctx.db),
  ]);
  const counts = subtreeMemberCounts(rows, direct, multiple);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    level: row.level,
    head_name: row.headLastName === null ? null : `${row.headLastName} ${row.headFirstName ?? ''}`.trim(),
    member_count: counts.get(row.id) ?? 0,
  }));
}
