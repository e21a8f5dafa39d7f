import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ContactsRoute() {
  return <ComingSoon />;
}
