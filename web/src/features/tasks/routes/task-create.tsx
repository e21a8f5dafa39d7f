import { ComingSoon } from '@/components/coming-soon.tsx';

export default function TaskCreateRoute() {
  return <ComingSoon />;
}
