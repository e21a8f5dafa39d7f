import { Link } from 'react-router-dom';
import { PATHS } from '@/config/paths.ts';
import { ErrorScreen } from './error-screen.tsx';

export function NotFound({ message }: { message?: string }) {
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      actions={
        <Link className="link-button" to={PATHS.home}>
          ホームへ戻る
        </Link>
      }
    >
      <p>{message || 'お探しのページは見つかりませんでした。'}</p>
    </ErrorScreen>
  );
}
