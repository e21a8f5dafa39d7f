import { ComingSoon } from '@/components/coming-soon.tsx';

export default function NodeListRoute() {
  return <ComingSoon />;
}
