import { ComingSoon } from '@/components/coming-soon.tsx';

export default function TaskApprovalRoute() {
  return <ComingSoon />;
}
