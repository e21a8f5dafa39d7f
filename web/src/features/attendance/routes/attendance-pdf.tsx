import { ComingSoon } from '@/components/coming-soon.tsx';

export default function AttendancePdfRoute() {
  return <ComingSoon />;
}
