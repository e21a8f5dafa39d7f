import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ProxyListRoute() {
  return <ComingSoon />;
}
