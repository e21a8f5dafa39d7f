import Button from '@douyinfe/semi-ui/lib/es/button';
import { ErrorScreen } from './error-screen.tsx';

export function ServerError({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <ErrorScreen
      code="500"
      title="サーバーエラーが発生しました"
      actions={
        <Button theme="solid" onClick={onRetry ?? (() => window.location.reload())}>
          再読み込み
        </Button>
      }
    >
      <p>{message || 'しばらくしてから再度お試しください。'}</p>
    </ErrorScreen>
  );
}
