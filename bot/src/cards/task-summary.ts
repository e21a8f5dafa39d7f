// The request in the compact form of spec §2.4: organisation and applicant, then the key facts —
// the sections its kind answers (an attendance report its month totals, a vacation its dates, days
// and remaining paid leave), else its fields (long values cut, so a card stays small).
import type { TBotTaskCard, TCardSection, TLabelled } from '@portal/shared/contracts/bot-jobs';
import { TEXT_BYTES, labelled, type CardElement, type LabelledRow } from './card-kit.ts';
import { dateTime } from './format.ts';

const MAX_FIELDS = 12;

function whoRows(data: TBotTaskCard): LabelledRow[] {
  const { task } = data;
  const rows: LabelledRow[] = [];
  if (task.project_name)
    rows.push({ label: 'プロジェクト', value: task.project_name, maxBytes: TEXT_BYTES.org });
  if (task.org_name) rows.push({ label: '組織', value: task.org_name, maxBytes: TEXT_BYTES.org });
  rows.push({
    label: '申請者',
    value: task.employee_code ? `${task.applicant_name}（${task.employee_code}）` : task.applicant_name,
  });
  rows.push({ label: '申請日時', value: dateTime(task.created_at) });
  return rows;
}

function fieldRows(fields: readonly TLabelled[]): LabelledRow[] {
  const shown = fields.filter((f) => f.value !== '');
  const rows: LabelledRow[] = shown
    .slice(0, MAX_FIELDS)
    .map((f) => ({ label: f.label, value: f.value, maxBytes: TEXT_BYTES.value }));
  if (shown.length > MAX_FIELDS) rows.push({ label: '…', value: `ほか ${shown.length - MAX_FIELDS} 項目` });
  return rows;
}

function sectionRows(section: TCardSection): LabelledRow[] {
  return section.rows.map((r) => ({ label: r.label, value: r.value, maxBytes: TEXT_BYTES.value }));
}

/** The key facts of the request, as card elements. */
export function taskSummary(data: TBotTaskCard): CardElement[] {
  const key = data.sections
    ? data.sections.map((section) => labelled(sectionRows(section)))
    : [labelled(fieldRows(data.fields))];
  return [labelled(whoRows(data)), ...key];
}
