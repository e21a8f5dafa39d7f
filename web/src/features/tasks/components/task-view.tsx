import type { ReactNode } from 'react';
import type { TTask, TTaskFormField } from '@portal/shared/contracts/tasks';
import { AttachmentLink } from './attachment-link.tsx';

function display(field: TTaskFormField, fields: readonly TTaskFormField[]): string {
  const { value } = field;
  if (value === null || value === '') return '';
  // An autocomplete stores ids; its field_for_init field holds their display text (spec §3.2).
  const initText = field.field_for_init
    ? fields.find((other) => other.name === field.field_for_init)?.value
    : undefined;
  if (field.data_type === 'autocomplete' && typeof initText === 'string' && initText !== '') return initText;
  if (field.data_type === 'boolean') return value === true || value === 'true' ? 'はい' : 'いいえ';
  const text = (item: string | number) =>
    field.choices.find((choice) => choice.value === String(item))?.text ?? String(item);
  if (Array.isArray(value)) return value.map(text).join('、');
  return field.data_type === 'choice' ? text(value as string | number) : String(value);
}

/** The read-only task view of spec §2.4: project, organisation, applicant, then each field. */
export function TaskView({ task, fields }: { task: TTask; fields: TTaskFormField[] }) {
  const rows: { key: string; label: string; value: ReactNode }[] = [];
  if (task.project_name) rows.push({ key: 'project', label: 'プロジェクト', value: task.project_name });
  if (task.org_name) rows.push({ key: 'org', label: '組織', value: task.org_full_name ?? task.org_name });
  rows.push({ key: 'applicant', label: '申請者', value: task.employee_name });
  for (const field of fields) {
    rows.push({
      key: `field-${field.name}`,
      label: field.label,
      value:
        field.data_type === 'file' ? (
          field.attachment !== null ? (
            <AttachmentLink attachmentId={field.attachment} name={field.attachment_name ?? 'file'} />
          ) : (
            ''
          )
        ) : (
          <span className="task-view__text">{display(field, fields)}</span>
        ),
    });
  }
  return (
    <dl className="task-view" data-testid="task-view">
      {rows.map((row) => (
        <div className="task-view__row" key={row.key} data-testid={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
