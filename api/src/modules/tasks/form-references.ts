// What a form's values mean beyond their type, checked against the database after the shared
// validator: an autocomplete of members names existing, active users (issue 12).
import { and, eq, inArray } from 'drizzle-orm';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { FIELD_MSG } from '@portal/shared/messages';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ValidationError, type FieldErrors } from '../../errors.ts';
import type { FieldRow } from './form-values.ts';

/** The data source whose options are user ids (spec §5 approvers/choice/). */
const MEMBER_SOURCE = /^\/?(api\/)?approvers\/choice\/?$/;

function idsOf(value: TFieldValues[string]): (number | null)[] {
  const items = Array.isArray(value) ? value : value === null ? [] : [value];
  return items.map((item) => {
    const text = String(item);
    return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
  });
}

export async function checkFormReferences(
  db: Db,
  fields: readonly FieldRow[],
  values: TFieldValues,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = values[field.name] ?? null;
    if (value === null) continue;
    if (field.dataType !== 'autocomplete' || !MEMBER_SOURCE.test(field.dataSource ?? '')) continue;
    const ids = idsOf(value);
    const known = ids.every((id) => id !== null)
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, ids as number[]), eq(users.isActive, true)))
      : [];
    if (known.length !== new Set(ids).size) errors[field.name] = [FIELD_MSG.unknownMember(field.label)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
