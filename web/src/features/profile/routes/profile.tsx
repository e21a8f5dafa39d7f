import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ProfileRoute() {
  return <ComingSoon />;
}
