import { ComingSoon } from '@/components/coming-soon.tsx';

export default function UploadRoute() {
  return <ComingSoon />;
}
