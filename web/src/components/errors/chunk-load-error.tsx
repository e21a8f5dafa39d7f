import Button from '@douyinfe/semi-ui/lib/es/button';
import { useEffect, useState } from 'react';
import { newerBuild, reloadOnceFor } from '@/lib/new-version.ts';
import { ErrorScreen } from './error-screen.tsx';

export const CHUNK_FAILED_TITLE = '画面の読み込みに失敗しました';
export const CHUNK_TIMED_OUT_TITLE = '画面の読み込みがタイムアウトしました';
export const NEW_VERSION_TITLE = '新しいバージョンが公開されました';
export const NEW_VERSION_RELOADING = '最新の画面を読み込み直しています…';
export const NEW_VERSION_STILL_FAILING =
  '新しいバージョンが公開されています。再読み込みしても表示されない場合は、しばらくしてからもう一度お試しください。';
const CHECK_CONNECTION = '通信状況をご確認のうえ、再読み込みしてください。';

/** What the check for a newer build found: nothing (yet), a reload under way, or one done already. */
type Deploy = 'none' | 'reloading' | 'reloaded';

/**
 * A screen's code could not be loaded (spec §8.1 ChunkLoadError). When the server now deploys another
 * build than this tab runs, the chunk was removed by that deploy: the page says so and reloads once
 * by itself. Otherwise (a dropped connection, a restarting server) it offers 再読み込み.
 */
export function ChunkLoadErrorScreen({ timedOut }: { timedOut: boolean }) {
  const [deploy, setDeploy] = useState<Deploy>('none');

  useEffect(() => {
    let live = true;
    void newerBuild().then((build) => {
      if (!live || build === null) return;
      setDeploy(reloadOnceFor(build) ? 'reloading' : 'reloaded');
    });
    return () => {
      live = false;
    };
  }, []);

  if (deploy === 'reloading') {
    return (
      <ErrorScreen title={NEW_VERSION_TITLE}>
        <p>{NEW_VERSION_RELOADING}</p>
      </ErrorScreen>
    );
  }
  return (
    <ErrorScreen
      title={timedOut ? CHUNK_TIMED_OUT_TITLE : CHUNK_FAILED_TITLE}
      actions={
        <Button theme="solid" onClick={() => window.location.reload()}>
          再読み込み
        </Button>
      }
    >
      <p>{deploy === 'reloaded' ? NEW_VERSION_STILL_FAILING : CHECK_CONNECTION}</p>
    </ErrorScreen>
  );
}
