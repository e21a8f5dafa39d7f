import { ComingSoon } from '@/components/coming-soon.tsx';

export default function PaymentSlipRoute() {
  return <ComingSoon />;
}
