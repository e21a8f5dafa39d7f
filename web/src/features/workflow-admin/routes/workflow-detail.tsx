import { ComingSoon } from '@/components/coming-soon.tsx';

export default function WorkflowDetailRoute() {
  return <ComingSoon />;
}
