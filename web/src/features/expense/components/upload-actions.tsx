// What HR may do with an upload (issue 29), each asked first: 未開封の社員に再送信 and 公開の取消 once
// published, 公開日時の変更 and 公開予約の取消 before. Only the actions its state allows are shown.
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useId, useState } from 'react';
import type { TUploadHistoryDetail } from '@portal/shared/contracts/uploads';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useChangePublication } from '../api/change-publication.ts';
import { useResendUpload } from '../api/resend-upload.ts';
import { useWithdrawUpload } from '../api/withdraw-upload.ts';
import { readPublishAt } from '../lib/upload-settings.ts';
import { PublishAtFields } from './native-field.tsx';

export const ACTION_TEXT = {
  resend: '未開封の社員に再送信',
  change: '公開日時の変更',
  cancelSchedule: '公開予約の取消',
  withdraw: '公開の取消',
  changeAsk: '公開日時を変更します、よろしいですか？',
  cancelScheduleAsk: '公開予約を取り消します、よろしいですか？取り消した明細は公開されません。',
  withdrawAsk: '公開を取り消します、よろしいですか？社員はこの明細を見られなくなります。',
  changed: '公開日時を変更しました。',
  withdrawn: '公開を取り消しました。',
  cancelled: '公開予約を取り消しました。',
} as const;

type Asking = 'resend' | 'change' | 'withdraw' | null;

export function UploadActions({ upload }: { upload: TUploadHistoryDetail['upload'] }) {
  const id = useId();
  const [asking, setAsking] = useState<Asking>(null);
  const publishAt = dayjs(upload.publish_at);
  const [date, setDate] = useState(publishAt.format('YYYY-MM-DD'));
  const [time, setTime] = useState(publishAt.format('HH:mm'));
  const [dateError, setDateError] = useState<string | null>(null);
  const resend = useResendUpload();
  const change = useChangePublication();
  const withdraw = useWithdrawUpload();
  const scheduled = upload.state === 'scheduled';
  const published = upload.state === 'published';
  const unopened = upload.count - upload.opened;

  if (!scheduled && !published) return null;

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      setAsking(null);
      toastSuccess(message);
    } catch (error) {
      setAsking(null);
      toastError(error);
    }
  };

  const onChange = async () => {
    const read = readPublishAt(date, time, dayjs());
    if (read.error !== null) {
      setDateError(read.error);
      return;
    }
    setDateError(null);
    await run(() => change.mutateAsync({ id: upload.id, publishAt: read.value }), ACTION_TEXT.changed);
  };

  return (
    <div className="upload-actions" role="group" aria-label="操作">
      {published && unopened > 0 ? (
        <Button size="large" onClick={() => setAsking('resend')} data-testid="upload-resend">
          {ACTION_TEXT.resend}（{unopened} 名）
        </Button>
      ) : null}
      {scheduled ? (
        <Button size="large" onClick={() => setAsking('change')}>
          {ACTION_TEXT.change}
        </Button>
      ) : null}
      <Button size="large" type="danger" onClick={() => setAsking('withdraw')}>
        {scheduled ? ACTION_TEXT.cancelSchedule : ACTION_TEXT.withdraw}
      </Button>
      <ConfirmDialog
        visible={asking === 'resend'}
        title={ACTION_TEXT.resend}
        message={CONFIRM.resend}
        okText="再送信"
        onCancel={() => setAsking(null)}
        onConfirm={() => run(() => resend.mutateAsync(upload.id), SUCCESS.resent)}
      />
      <ConfirmDialog
        visible={asking === 'change'}
        title={ACTION_TEXT.change}
        message={ACTION_TEXT.changeAsk}
        okText="変更する"
        onCancel={() => {
          setDateError(null);
          setAsking(null);
        }}
        onConfirm={onChange}
      >
        <PublishAtFields
          id={id}
          date={date}
          time={time}
          error={dateError ?? undefined}
          onDate={setDate}
          onTime={setTime}
        />
      </ConfirmDialog>
      <ConfirmDialog
        visible={asking === 'withdraw'}
        title={scheduled ? ACTION_TEXT.cancelSchedule : ACTION_TEXT.withdraw}
        message={scheduled ? ACTION_TEXT.cancelScheduleAsk : ACTION_TEXT.withdrawAsk}
        okText={scheduled ? ACTION_TEXT.cancelSchedule : ACTION_TEXT.withdraw}
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          run(
            () => withdraw.mutateAsync(upload.id),
            scheduled ? ACTION_TEXT.cancelled : ACTION_TEXT.withdrawn,
          )
        }
      />
    </div>
  );
}
