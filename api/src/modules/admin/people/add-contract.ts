// POST admin/people/{id}/contracts/: a new contract; attendance takes its working hours from it.
import type { TAdminContract } from '@portal/shared/contracts/admin';
import { contracts } from '../../../db/schema/employees.ts';
import { changePerson, contractValues } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

export function addContract(on: OnRecord<TAdminContract>) {
  const { id, body } = on.input;
  let contractId = 0;
  return changePerson(on, {
    action: 'add_contract',
    write: async (tx) => {
      const [row] = await tx
        .insert(contracts)
        .values(contractValues(id, body))
        .returning({ id: contracts.id });
      contractId = row!.id;
    },
    audit: () => ({ before: null, after: { id: contractId, ...body } }),
  });
}
