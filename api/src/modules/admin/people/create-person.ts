// POST admin/people/: a person with their account (a temporary password to change at the first
// sign-in), a first contract and a first position, heading its organisation if asked.
import { eq, sql } from 'drizzle-orm';
import type { TAdminPersonCreate } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import { contracts, employees } from '../../../db/schema/employees.ts';
import { positions } from '../../../db/schema/organizations.ts';
import { users } from '../../../db/schema/users.ts';
import { ValidationError } from '../../../errors.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { employeeNameOf } from '../../people/display-names.ts';
import { consoleChange, nothingBefore } from '../console-access.ts';
import { findPerson } from './find-person.ts';
import { PEOPLE_MSG } from './messages.ts';
import {
  appointHead,
  checkCodeFree,
  checkEmailFree,
  checkOpenOrganization,
  contractValues,
  employeeColumns,
  personLabel,
  snapshot,
} from './person-change.ts';

export async function createPerson({ ctx, input: body }: { ctx: RequestContext; input: TAdminPersonCreate }) {
  const passwordHash = await hashPassword(body.password);
  return consoleChange(ctx, {
    resource: 'people',
    before: nothingBefore,
    write: async (tx) => {
      await checkCodeFree(tx, body.code);
      // Taken whatever the letter case: "Admin" beside "admin" would answer a CAS login typed either way.
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, body.username.toLowerCase()));
      if (taken) throw ValidationError.field('username', PEOPLE_MSG.usernameTaken);
      await checkEmailFree(tx, body.email);
      await checkOpenOrganization(tx, body.position.organization_id, 'position.organization_id');
      const [user] = await tx
        .insert(users)
        .values({
          username: body.username,
          fullName: employeeNameOf({ lastName: body.last_name, firstName: body.first_name }),
          email: body.email,
          passwordHash,
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      const [employee] = await tx
        .insert(employees)
        .values({
          userId: user!.id,
          ...employeeColumns(body),
          joinDate: body.contract.start_date,
        })
        .returning({ id: employees.id });
      const employeeId = employee!.id;
      await tx.insert(contracts).values(contractValues(employeeId, body.contract));
      await tx.insert(positions).values({
        employeeId,
        organizationId: body.position.organization_id,
        title: body.position.title,
        isPartTime: body.position.is_part_time,
      });
      if (body.position.is_head)
        await appointHead(ctx, tx, body.position.organization_id, employeeId, 'position.is_head');
      return findPerson(tx, employeeId, ctx);
    },
    audit: (_before, created) => ({
      action: 'create',
      objectId: created.id,
      objectLabel: personLabel(created),
      before: null,
      after: { ...snapshot(created), contract: body.contract, position: body.position },
    }),
  });
}
