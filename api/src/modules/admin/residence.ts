// PUT admin/people/{id}/residence/ (issue 13): HR sets an employee's residence status and card
// expiry, fields the employee only reads. The change is kept twice in one transaction: in the
// records' history (record_changes, subject 'residence', which employees/{id}/residence-status/
// lists) and in the console's audit. A new expiry date means the 90- and 30-day notices come again
// for the new card (residence-notice-job.ts).
import { eq } from 'drizzle-orm';
import { ZAdminResidence, type TAdminPerson } from '@portal/shared/contracts/admin';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { recordChanges } from '../../db/schema/records.ts';
import { parseInput, recordChange, requireConsole } from './console-access.ts';
import { findPerson } from './people.ts';

export async function setResidence({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TAdminPerson> {
  await requireConsole(ctx, PERM.changeEmployee);
  const body = parseInput(ZAdminResidence, input.body);
  return ctx.db.transaction(async (tx) => {
    const before = await findPerson(tx, input.id, ctx);
    const previous = { residence: before.residence, residence_expiry: before.residence_expiry };
    const next = { residence: body.residence, residence_expiry: body.residence_expiry };
    if (JSON.stringify(previous) === JSON.stringify(next)) return before;
    await tx
      .update(employees)
      .set({ residenceStatus: body.residence, residenceExpiry: body.residence_expiry })
      .where(eq(employees.id, input.id));
    await tx.insert(recordChanges).values({
      employeeId: input.id,
      actorId: ctx.user.id,
      subject: 'residence',
      subjectId: input.id,
      action: 'update',
      before: previous,
      after: next,
    });
    const after = await findPerson(tx, input.id, ctx);
    await recordChange(tx, ctx, {
      resource: 'people',
      action: 'set_residence',
      objectId: input.id,
      objectLabel: `${after.code} ${after.name}`,
      before: previous,
      after: next,
    });
    return after;
  });
}
