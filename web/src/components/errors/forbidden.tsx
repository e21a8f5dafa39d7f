import { Link } from 'react-router-dom';
import { PATHS } from '@/config/paths.ts';
import { ErrorScreen } from './error-screen.tsx';

export const FORBIDDEN_TITLE = '権限がありません';
export const FORBIDDEN_MESSAGE =
  'このページを表示する権限がありません。必要な場合は管理者にお問い合わせください。';

/**
 * The one refusal page (issue #12 item 13): a route whose permission the user lacks (the route guard,
 * app/guards.ts), and any screen whose data the server refused with 403 (QueryState), show it alike.
 */
export function Forbidden({ message }: { message?: string }) {
  return (
    <ErrorScreen
      code="403"
      title={FORBIDDEN_TITLE}
      testId="forbidden"
      actions={
        <Link className="link-button" to={PATHS.home}>
          ホームへ戻る
        </Link>
      }
    >
      <p>{message || FORBIDDEN_MESSAGE}</p>
    </ErrorScreen>
  );
}
