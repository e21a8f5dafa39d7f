import { useParams } from 'react-router-dom';
import { WITHHOLDING_LABELS } from '@portal/shared/contracts/slips';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { PATHS } from '@/config/paths.ts';
import { useSlip } from '../api/slips.ts';
import { SlipActions } from '../components/slip-actions.tsx';
import { SlipSection, yen } from '../components/slip-section.tsx';
import '../components/slips.css';

/** /withholding/{id}: a 給与所得の源泉徴収票. */
export default function WithholdingDetailRoute() {
  const id = Number(useParams().id);
  const slip = useSlip('withholding', id);
  return (
    <Page headingId="withholding-detail-heading" title={slip.data?.title}>
      <QueryState query={slip}>
        {(s) => (
          <>
            <div className="slip-head">
              <p>
                {s.employee.name}（社員番号 {s.employee.code}）
              </p>
              <p>発行日 {s.issued_on}</p>
            </div>
            <div className="slip-sections">
              <SlipSection
                title="給与・賞与"
                rows={WITHHOLDING_LABELS.map(([key, label]) => {
                  const value = s[key];
                  if (key === 'dependents') return { label, value: `${value} 人` };
                  return { label, value: typeof value === 'number' ? yen(value) : value || '—' };
                })}
              />
            </div>
            <SlipActions
              kind="withholding"
              id={s.id}
              fallbackName={`源泉徴収票_${s.year}.pdf`}
              backTo={`${PATHS.withholding}?year=${s.year}`}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
