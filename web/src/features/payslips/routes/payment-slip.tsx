import { SlipList } from '../components/slip-list.tsx';

export const EMPTY_PAYMENT_SLIPS = 'この年の給与明細はありません。';

/** /payment-slip: my payslips by year. */
export default function PaymentSlipRoute() {
  return <SlipList kind="payment" headingId="payment-slip-heading" empty={EMPTY_PAYMENT_SLIPS} />;
}
