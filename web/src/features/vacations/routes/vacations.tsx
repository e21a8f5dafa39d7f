import { ComingSoon } from '@/components/coming-soon.tsx';

export default function VacationsRoute() {
  return <ComingSoon />;
}
