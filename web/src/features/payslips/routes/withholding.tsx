import { ComingSoon } from '@/components/coming-soon.tsx';

export default function WithholdingRoute() {
  return <ComingSoon />;
}
