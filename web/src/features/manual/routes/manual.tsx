import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ManualRoute() {
  return <ComingSoon />;
}
