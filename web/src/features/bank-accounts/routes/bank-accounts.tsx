import { ComingSoon } from '@/components/coming-soon.tsx';

export default function BankAccountsRoute() {
  return <ComingSoon />;
}
