import Button from '@douyinfe/semi-ui/lib/es/button';
import { ErrorScreen } from './error-screen.tsx';

export function ChunkLoadErrorScreen({ timedOut }: { timedOut: boolean }) {
  return (
    <ErrorScreen
      title={timedOut ? '画面の読み込みがタイムアウトしました' : '画面の読み込みに失敗しました'}
      actions={
        <Button theme="solid" onClick={() => window.location.reload()}>
          再読み込み
        </Button>
      }
    >
      <p>通信状況をご確認のうえ、再読み込みしてください。</p>
    </ErrorScreen>
  );
}
