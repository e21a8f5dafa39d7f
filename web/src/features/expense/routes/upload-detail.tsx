import { ComingSoon } from '@/components/coming-soon.tsx';

export default function UploadDetailRoute() {
  return <ComingSoon />;
}
