import { ComingSoon } from '@/components/coming-soon.tsx';

export default function EmployeeAttendanceRoute() {
  return <ComingSoon />;
}
