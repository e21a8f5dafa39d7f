import type { TUploadHistoryRow } from '@portal/shared/contracts/uploads';

/** 状態 of an upload (公開予約, 公開済み, 取消), with 訂正済み when a later upload replaced some slips. */
export function UploadState({
  upload,
}: {
  upload: Pick<TUploadHistoryRow, 'state' | 'state_name' | 'corrected'>;
}) {
  return (
    <span className={`upload-state upload-state--${upload.state}`} data-testid="upload-state">
      {upload.state_name}
      {upload.corrected ? '（訂正済み）' : ''}
    </span>
  );
}

/** 開封 n / m. */
export const openedOf = (upload: Pick<TUploadHistoryRow, 'opened' | 'count'>) =>
  `${upload.opened} / ${upload.count}`;
