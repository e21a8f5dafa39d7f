import { ComingSoon } from '@/components/coming-soon.tsx';

export default function CompanyCalendarRoute() {
  return <ComingSoon />;
}
