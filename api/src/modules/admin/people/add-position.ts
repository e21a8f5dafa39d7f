// POST admin/people/{id}/positions/: a position in another open organisation, heading it if asked
// (the same check as naming a head on the organisation).
import { eq } from 'drizzle-orm';
import type { TAdminPerson, TAdminPosition } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import { organizations, positions } from '../../../db/schema/organizations.ts';
import { ValidationError } from '../../../errors.ts';
import { checkHeadAppointment } from '../account-guard.ts';
import { PEOPLE_MSG } from './messages.ts';
import { changePerson, checkOpenOrganization } from './person-change.ts';

export async function addPosition({
  ctx,
  input: { id, body },
}: {
  ctx: RequestContext;
  input: { id: number; body: TAdminPosition };
}): Promise<TAdminPerson> {
  const { person } = await changePerson(ctx, {
    id,
    action: 'add_position',
    write: async (tx, before) => {
      await checkOpenOrganization(tx, body.organization_id);
      if (before.positions.some((p) => p.organization_id === body.organization_id))
        throw ValidationError.field('organization_id', PEOPLE_MSG.positionTaken);
      const [row] = await tx
        .insert(positions)
        .values({
          employeeId: id,
          organizationId: body.organization_id,
          title: body.title,
          isPartTime: body.is_part_time,
        })
        .returning({ id: positions.id });
      if (body.is_head) {
        await checkHeadAppointment(ctx, tx, {
          organizationId: body.organization_id,
          employeeId: id,
          field: 'is_head',
        });
        await tx
          .update(organizations)
          .set({ headEmployeeId: id })
          .where(eq(organizations.id, body.organization_id));
      }
      return row!.id;
    },
    audit: (_before, _after, positionId) => ({ before: null, after: { id: positionId, ...body } }),
  });
  return person;
}
