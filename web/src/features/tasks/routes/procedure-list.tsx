import { ComingSoon } from '@/components/coming-soon.tsx';

export default function ProcedureListRoute() {
  return <ComingSoon />;
}
