// PATCH admin/people/{id}/: names, kana, e-mail and employee number. The e-mail and the number are
// sign-in keys (mail, Lark and CAS find accounts by them): changing them follows the account rule.
import { eq } from 'drizzle-orm';
import type { TAdminPerson, TAdminPersonPatch } from '@portal/shared/contracts/admin';
import type { Db } from '../../../db/client.ts';
import { employees } from '../../../db/schema/employees.ts';
import { users } from '../../../db/schema/users.ts';
import { employeeNameOf } from '../../people/display-names.ts';
import { requireMayActOn } from '../account-guard.ts';
import { changePerson, checkCodeFree, checkEmailFree, employeeColumns, snapshot } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

/** Whether the patch changes the e-mail (the person's or their account's) or the employee number. */
async function changesSignInKeys(tx: Db, before: TAdminPerson, body: TAdminPersonPatch): Promise<boolean> {
  if (body.code !== undefined && body.code !== before.code) return true;
  if (body.email === undefined) return false;
  if (body.email !== before.email) return true;
  if (before.user_id === null) return false;
  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, before.user_id));
  return account?.email !== body.email;
}

export function patchPerson(on: OnRecord<TAdminPersonPatch>) {
  const { ctx } = on;
  const { id, body } = on.input;
  return changePerson(on, {
    action: 'update',
    write: async (tx, before) => {
      if (await changesSignInKeys(tx, before, body)) {
        await requireMayActOn(ctx, tx, { employeeId: id, userId: before.user_id });
        if (body.email !== undefined && before.user_id !== null)
          await checkEmailFree(tx, body.email, before.user_id);
      }
      if (body.code !== undefined) await checkCodeFree(tx, body.code, id);
      await tx.update(employees).set(employeeColumns(body)).where(eq(employees.id, id));
      if (before.user_id === null) return;
      const fullName = employeeNameOf({
        lastName: body.last_name ?? before.last_name,
        firstName: body.first_name ?? before.first_name,
      });
      await tx
        .update(users)
        .set({ fullName, ...(body.email !== undefined ? { email: body.email } : {}) })
        .where(eq(users.id, before.user_id));
    },
    audit: (before, after) => ({ before: snapshot(before), after: snapshot(after) }),
  });
}
