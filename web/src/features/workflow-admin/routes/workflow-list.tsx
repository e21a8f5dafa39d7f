import { ComingSoon } from '@/components/coming-soon.tsx';

export default function WorkflowListRoute() {
  return <ComingSoon />;
}
