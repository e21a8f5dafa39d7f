// PUT admin/people/{id}/residence/ (issue 13): HR sets an employee's residence status and card
// expiry, fields the employee only reads. The change is kept twice in one transaction: in the
// records' history (record_changes, subject 'residence', which employees/{id}/residence-status/
// lists) and in the console's audit. A new expiry date means the 90- and 30-day notices come again
// for the new card (residence-notice-job.ts). Setting what is already set writes nothing.
import { eq } from 'drizzle-orm';
import type { TAdminResidence } from '@portal/shared/contracts/admin';
import { employees } from '../../../db/schema/employees.ts';
import { recordChanges } from '../../../db/schema/records.ts';
import { changePerson } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

interface Residence {
  readonly residence: string;
  readonly residence_expiry: string | null;
}

const residenceOf = (p: Residence) => ({ residence: p.residence, residence_expiry: p.residence_expiry });
const same = (a: Residence, b: Residence) =>
  JSON.stringify(residenceOf(a)) === JSON.stringify(residenceOf(b));

export function setResidence(on: OnRecord<TAdminResidence>) {
  const { id, body } = on.input;
  return changePerson(on, {
    action: 'set_residence',
    write: async (tx, before) => {
      if (same(before, body)) return;
      await tx
        .update(employees)
        .set({ residenceStatus: body.residence, residenceExpiry: body.residence_expiry })
        .where(eq(employees.id, id));
      await tx.insert(recordChanges).values({
        employeeId: id,
        actorId: on.ctx.user.id,
        subject: 'residence',
        subjectId: id,
        action: 'update',
        before: residenceOf(before),
        after: residenceOf(body),
      });
    },
    audit: (before) =>
      same(before, body) ? null : { before: residenceOf(before), after: residenceOf(body) },
  });
}
