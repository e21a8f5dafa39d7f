// The fields a workflow of some kind must have (a vacation request reads its dates from them): the
// workflow administration's form and the API check a workflow against this one table.
import { labelOf } from '../codes.ts';
import { VACATION_FIELDS, WORKFLOW_KINDS, type TWorkflowKind } from './codes.ts';

export const KIND_REQUIRED_FIELDS: Partial<Record<TWorkflowKind, readonly string[]>> = {
  vacation: Object.values(VACATION_FIELDS),
};

/** One message per field the kind needs that `names` lacks. */
export function missingKindFields(kind: TWorkflowKind | undefined, names: readonly string[]): string[] {
  const needed = (kind && KIND_REQUIRED_FIELDS[kind]) || [];
  return needed
    .filter((name) => !names.includes(name))
    .map((name) => `${labelOf(WORKFLOW_KINDS, kind)}には項目「${name}」が必要です。`);
}
