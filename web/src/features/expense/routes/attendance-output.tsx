import { ComingSoon } from '@/components/coming-soon.tsx';

export default function AttendanceOutputRoute() {
  return <ComingSoon />;
}
