import { useParams } from 'react-router-dom';
import { Page } from '@/components/page.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { PATHS } from '@/config/paths.ts';
import { useSlip } from '../api/slips.ts';
import { SlipActions } from '../components/slip-actions.tsx';
import { SlipSection, yen } from '../components/slip-section.tsx';
import '../components/slips.css';

/** /payment-slip/{id}: a payslip laid out as a 給与明細 (支給, 控除, 勤怠, 差引支給額). */
export default function PaymentSlipDetailRoute() {
  const id = Number(useParams().id);
  const slip = useSlip('payment', id);
  return (
    <Page headingId="payment-slip-detail-heading" title={slip.data?.title}>
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
                title="支給"
                rows={s.payments.map((l) => ({ label: l.label, value: yen(l.amount) }))}
                total={{ label: '総支給額', value: yen(s.total_payment) }}
              />
              <SlipSection
                title="控除"
                rows={s.deductions.map((l) => ({ label: l.label, value: yen(l.amount) }))}
                total={{ label: '控除合計', value: yen(s.total_deduction) }}
              />
              <SlipSection title="勤怠" rows={s.attendance} />
            </div>
            <p className="slip-net" data-testid="slip-net-pay">
              <span>差引支給額</span>
              <span>{yen(s.net_pay)}</span>
            </p>
            <SlipActions
              kind="payment"
              id={s.id}
              fallbackName={`給与明細_${s.year}${String(s.month).padStart(2, '0')}.pdf`}
              backTo={`${PATHS.paymentSlip}?year=${s.year}`}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
