import { useRef, useState, type FormEvent } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { ATTACHMENT_EXTENSIONS, MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '@portal/shared/limits';
import { CONFIRM, FIELD_MSG, MSG, SUCCESS } from '@portal/shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { useUploadCalendarFile } from '../api/upload-calendar-file.ts';
import { toUploadString } from '@/lib/upload-string.ts';

const LABEL = 'ファイル';
const ACCEPT = ATTACHMENT_EXTENSIONS.image.map((ext) => `.${ext}`).join(',');

/** Adds a calendar image (an image of at most 2 MB), confirmed first (spec §8.4). */
export function CalendarUpload() {
  const upload = useUploadCalendarFile();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(MSG.fileRequired);
    if (file.size > MAX_UPLOAD_BYTES) return setError(FIELD_MSG.fileTooLarge(LABEL, MAX_UPLOAD_KB));
    if (name.trim() === '') return setError(FIELD_MSG.required('名称'));
    setError(null);
    setConfirming(true);
  };
  const send = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync({
        name: name.trim(),
        file: await toUploadString(file),
      });
      toastSuccess(SUCCESS.uploaded);
      setName('');
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      toastError(failure);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form className="calendar-form" onSubmit={ask} data-testid="calendar-upload">
      <label className="calendar-field">
        <span>名称</span>
        <input
          name="calendar_name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="calendar-field">
        <span>画像</span>
        <input
          ref={input}
          type="file"
          name="calendar_file"
          accept={ACCEPT}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            if (chosen && name.trim() === '') setName(chosen.name.replace(/\.[^.]+$/, ''));
          }}
        />
      </label>
      <Button htmlType="submit">アップロード</Button>
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        visible={confirming}
        title="カレンダー画像の追加"
        message={CONFIRM.upload}
        okText="アップロードする"
        onCancel={() => setConfirming(false)}
        onConfirm={send}
      />
    </form>
  );
}
