import { ComingSoon } from '@/components/coming-soon.tsx';

export default function TaskListRoute() {
  return <ComingSoon />;
}
