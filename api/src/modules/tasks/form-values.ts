// A submitted form's values, checked with the shared validator (the same one the web runs), split
// into the values stored on the task and the files stored as attachments.
import { asc, eq } from 'drizzle-orm';
import {
  buildFieldValuesSchema,
  defaultValueOf,
  fieldRuleOf,
  type TFieldValues,
} from '@portal/shared/workflow/field-values';
import { contentTypeOf, parseUploadString } from '@portal/shared/workflow/upload';
import { tableCache } from '../../cache/table-cache.ts';
import type { Db } from '../../db/client.ts';
import { attachments } from '../../db/schema/tasks.ts';
import { workflowFields } from '../../db/schema/workflows.ts';
import { ValidationError } from '../../errors.ts';

export type FieldRow = typeof workflowFields.$inferSelect;

export interface Upload {
  readonly fieldName: string;
  readonly name: string;
  readonly contentType: string;
  readonly content: Buffer;
}

const fieldsOfWorkflows = tableCache<FieldRow[]>(['workflow_fields'], 1_000);

export function loadFields(db: Db, workflowId: number): Promise<FieldRow[]> {
  return fieldsOfWorkflows.read(db, String(workflowId), () =>
    db
      .select()
      .from(workflowFields)
      .where(eq(workflowFields.workflowId, workflowId))
      .orderBy(asc(workflowFields.order), asc(workflowFields.id)),
  );
}

export function ruleOf(field: FieldRow) {
  return fieldRuleOf({
    name: field.name,
    label: field.label,
    data_type: field.dataType,
    is_required: field.isRequired,
    is_readonly: field.isReadonly,
    max_length: field.maxLength,
    step: field.step,
    choices: field.choices,
    multiple: field.multiple,
  });
}

/**
 * Values to store and files to keep, or a 400 with every field's message. Read-only fields take
 * their default; file fields are stored as null in the values (their file is an attachment).
 */
export function checkValues(
  fields: readonly FieldRow[],
  body: Record<string, unknown>,
  filesPresent: readonly string[] = [],
): { values: TFieldValues; uploads: Upload[] } {
  const rules = fields.map(ruleOf);
  const result = buildFieldValuesSchema(rules, { filesPresent }).safeParse(body);
  if (!result.success) throw ValidationError.fromZod(result.error);
  const values: TFieldValues = {};
  const uploads: Upload[] = [];
  fields.forEach((field, index) => {
    const rule = rules[index]!;
    if (rule.read_only) {
      values[field.name] = defaultValueOf(rule, field.default);
      return;
    }
    const value = result.data[field.name] ?? null;
    if (field.dataType === 'file') {
      values[field.name] = null;
      const upload = typeof value === 'string' ? parseUploadString(value) : null;
      if (upload)
        uploads.push({
          fieldName: field.name,
          name: upload.filename,
          contentType: contentTypeOf(upload.filename),
          content: Buffer.from(upload.contentBase64, 'base64'),
        });
      return;
    }
    values[field.name] = value;
  });
  return { values, uploads };
}

/** Stores the uploads of a task, replacing a field's earlier file. */
export async function saveUploads(tx: Db, taskId: number, uploads: readonly Upload[]): Promise<void> {
  for (const upload of uploads) {
    await tx
      .insert(attachments)
      .values({ taskId, ...upload })
      .onConflictDoUpdate({
        target: [attachments.taskId, attachments.fieldName],
        set: {
          name: upload.name,
          contentType: upload.contentType,
          content: upload.content,
          createdAt: new Date(),
        },
      });
  }
}
