// POST admin/people/{id}/contracts/: a new contract; attendance takes its working hours from it.
import type { TAdminContract, TAdminPerson } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import { contracts } from '../../../db/schema/employees.ts';
import { changePerson, contractValues } from './person-change.ts';

export async function addContract({
  ctx,
  input: { id, body },
}: {
  ctx: RequestContext;
  input: { id: number; body: TAdminContract };
}): Promise<TAdminPerson> {
  const { person } = await changePerson(ctx, {
    id,
    action: 'add_contract',
    write: async (tx) => {
      const [row] = await tx
        .insert(contracts)
        .values(contractValues(id, body))
        .returning({ id: contracts.id });
      return row!.id;
    },
    audit: (_before, _after, contractId) => ({ before: null, after: { id: contractId, ...body } }),
  });
  return person;
}
