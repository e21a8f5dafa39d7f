import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ProxyDetailRoute() {
  return <ComingSoon />;
}
