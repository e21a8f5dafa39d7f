import { ComingSoon } from '@/components/coming-soon.tsx';

export default function OrganizationChartRoute() {
  return <ComingSoon />;
}
