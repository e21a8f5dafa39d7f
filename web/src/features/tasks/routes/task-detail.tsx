import { ComingSoon } from '@/components/coming-soon.tsx';

export default function TaskDetailRoute() {
  return <ComingSoon />;
}
