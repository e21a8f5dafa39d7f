// PATCH admin/contracts/{id}/: ends a contract (or changes its end and working hours), checked
// against its start. Answers the contract's person.
import { eq } from 'drizzle-orm';
import type { TAdminContractPatch, TAdminPerson } from '@portal/shared/contracts/admin';
import { contracts } from '../../../db/schema/employees.ts';
import { NotFound, ValidationError } from '../../../errors.ts';
import { consoleChange, type OnRecord } from '../console-access.ts';
import { findPerson } from './find-person.ts';
import { CONTRACT_MSG } from './messages.ts';
import { personLabel } from './person-change.ts';

export async function patchContract({
  ctx,
  input: { id, body },
}: OnRecord<TAdminContractPatch>): Promise<TAdminPerson> {
  const hours = (contract: { endDate: string | null; workStartTime: string; workEndTime: string }) => ({
    contract_id: id,
    end_date: contract.endDate,
    work_start_time: contract.workStartTime.slice(0, 5),
    work_end_time: contract.workEndTime.slice(0, 5),
  });
  const { person } = await consoleChange(ctx, {
    resource: 'people',
    before: async (tx) => {
      const [contract] = await tx.select().from(contracts).where(eq(contracts.id, id));
      if (!contract) throw new NotFound();
      return contract;
    },
    write: async (tx, contract) => {
      const endDate = body.end_date === undefined ? contract.endDate : body.end_date;
      const workStartTime = body.work_start_time ?? contract.workStartTime.slice(0, 5);
      const workEndTime = body.work_end_time ?? contract.workEndTime.slice(0, 5);
      if (endDate !== null && endDate < contract.startDate)
        throw ValidationError.field('end_date', CONTRACT_MSG.endBeforeStart);
      if (workEndTime <= workStartTime) throw ValidationError.field('work_end_time', CONTRACT_MSG.hoursOrder);
      await tx.update(contracts).set({ endDate, workStartTime, workEndTime }).where(eq(contracts.id, id));
      const after = hours({ endDate, workStartTime, workEndTime });
      return { person: await findPerson(tx, contract.employeeId, ctx), after };
    },
    audit: (contract, { person, after }) => ({
      action: 'change_contract',
      objectId: contract.employeeId,
      objectLabel: personLabel(person),
      before: hours(contract),
      after,
    }),
  });
  return person;
}
