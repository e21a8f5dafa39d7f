import { ComingSoon } from '@/components/coming-soon.tsx';

export default function UploadHistoryRoute() {
  return <ComingSoon />;
}
