import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ProxyAddRoute() {
  return <ComingSoon />;
}
