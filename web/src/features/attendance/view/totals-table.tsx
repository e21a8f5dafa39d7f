import type { TAttendanceTotals } from '@portal/shared/attendance/schema';
import { formatDays, formatMinutes } from './format.ts';
import { TOTAL_FIELDS } from './totals-fields.ts';

/** A view's month totals (spec §2.5, §3.10), each labelled; `data-field` names the total. */
export function TotalsTable({ totals, caption }: { totals: TAttendanceTotals; caption: string }) {
  return (
    <div className="att-totals" data-testid="attendance-totals">
      <h4 className="att-totals__caption">{caption}</h4>
      <dl className="att-totals__list">
        {TOTAL_FIELDS.map(({ field, label, unit }) => (
          <div key={field} className="att-totals__item" data-field={field}>
            <dt>{label}</dt>
            <dd>{unit === 'days' ? formatDays(totals[field]) : formatMinutes(totals[field])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
