// POST admin/people/{id}/positions/: a position in another open organisation, heading it if asked
// (the same check as naming a head on the organisation).
import type { TAdminPosition } from '@portal/shared/contracts/admin';
import { positions } from '../../../db/schema/organizations.ts';
import { ValidationError } from '../../../errors.ts';
import { PEOPLE_MSG } from './messages.ts';
import { appointHead, changePerson, checkOpenOrganization } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

export function addPosition(on: OnRecord<TAdminPosition>) {
  const { id, body } = on.input;
  let positionId = 0;
  return changePerson(on, {
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
      positionId = row!.id;
      if (body.is_head) await appointHead(on.ctx, tx, body.organization_id, id, 'is_head');
    },
    audit: () => ({ before: null, after: { id: positionId, ...body } }),
  });
}
