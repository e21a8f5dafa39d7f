// DELETE admin/positions/{id}/: removes a position; an organisation it headed loses its head (the
// same check as naming another one). The last position stays. Answers the position's person.
import { and, eq } from 'drizzle-orm';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import { organizations, positions } from '../../../db/schema/organizations.ts';
import { Conflict, NotFound } from '../../../errors.ts';
import { checkHeadAppointment } from '../account-guard.ts';
import { consoleChange, type OnRecord } from '../console-access.ts';
import { findPerson } from './find-person.ts';
import { CONTRACT_MSG } from './messages.ts';
import { personLabel } from './person-change.ts';

export async function removePosition({ ctx, input: { id } }: OnRecord): Promise<TAdminPerson> {
  const { after } = await consoleChange(ctx, {
    resource: 'people',
    before: async (tx) => {
      const [position] = await tx.select().from(positions).where(eq(positions.id, id));
      if (!position) throw new NotFound();
      const person = await findPerson(tx, position.employeeId, ctx);
      // The audit keeps the position as it was, without what the caller could do to it.
      const { can_remove: _canRemove, ...removed } = person.positions.find((p) => p.id === id)!;
      return { position, removed, count: person.positions.length };
    },
    write: async (tx, { position, removed, count }) => {
      if (count <= 1) throw new Conflict(CONTRACT_MSG.lastPosition);
      if (removed.is_head)
        await checkHeadAppointment(ctx, tx, {
          organizationId: position.organizationId,
          employeeId: null,
          field: 'id',
        });
      await tx
        .update(organizations)
        .set({ headEmployeeId: null })
        .where(
          and(
            eq(organizations.id, position.organizationId),
            eq(organizations.headEmployeeId, position.employeeId),
          ),
        );
      await tx.delete(positions).where(eq(positions.id, id));
      return { after: await findPerson(tx, position.employeeId, ctx) };
    },
    audit: ({ position, removed }, { after }) => ({
      action: 'remove_position',
      objectId: position.employeeId,
      objectLabel: personLabel(after),
      before: removed,
      after: null,
    }),
  });
  return after;
}
