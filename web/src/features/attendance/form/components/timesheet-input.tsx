import { useRef, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import type { TAttendanceAttachment } from '@portal/shared/contracts/attendance';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '@portal/shared/limits';
import { ATTENDANCE_MSG, FIELD_MSG, MSG } from '@portal/shared/messages';
import type { TimesheetChange } from '../model/month-data.ts';
import { toUploadString } from '@/lib/upload-string.ts';

interface TimesheetInputProps {
  /** The file attached before (a sent-back report), if any. */
  attached: TAttendanceAttachment | null;
  value: TimesheetChange;
  disabled: boolean;
  /** The server's 400 message for work_time_file. */
  serverError: string | undefined;
  onChange: (change: TimesheetChange) => void;
}

const LABEL = ATTENDANCE_MSG.timesheetLabel;

/**
 * The timesheet file (spec §3.10 work_time_file): at most 2 MB (spec §5, §9), sent as the upload
 * string `name:{base64 filename};{base64 content}`; 'file_del' removes one attached before.
 */
export function TimesheetInput({ attached, value, disabled, serverError, onChange }: TimesheetInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const error = refusal ?? serverError;
  const shown = chosen ?? (value.remove ? null : (attached?.name ?? null));

  const choose = async (file: File | undefined) => {
    if (!file) {
      setRefusal(MSG.fileRequired);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setChosen(null);
      setRefusal(FIELD_MSG.fileTooLarge(LABEL, MAX_UPLOAD_KB));
      onChange({ upload: null, remove: value.remove });
      return;
    }
    setRefusal(null);
    setChosen(file.name);
    onChange({ upload: await toUploadString(file), remove: false });
  };

  return (
    <div className="ae-timesheet" data-testid="attendance-timesheet-input">
      <label className="ae-field__label" htmlFor="work_time_file">
        {LABEL}
      </label>
      <div className="ae-timesheet__row">
        <input
          ref={input}
          id="work_time_file"
          name="work_time_file"
          type="file"
          className="visually-hidden"
          // Reached through the button beside it: a 1×1 input would take focus where nothing shows.
          tabIndex={-1}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'work_time_file-error' : 'work_time_file-help'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void choose(file);
          }}
        />
        <Button disabled={disabled} onClick={() => input.current?.click()} aria-controls="work_time_file">
          ファイルを選択
        </Button>
        <span className="ae-timesheet__name" data-testid="timesheet-name">
          {shown ?? '選択されていません'}
        </span>
        {shown && !disabled ? (
          <Button
            theme="borderless"
            type="danger"
            onClick={() => {
              setChosen(null);
              setRefusal(null);
              onChange({ upload: null, remove: attached !== null });
            }}
          >
            ファイルを外す
          </Button>
        ) : null}
      </div>
      <p className="ae-field__help muted" id="work_time_file-help">
        {MAX_UPLOAD_KB / 1024}MB まで
      </p>
      {error ? (
        <p className="ae-cell-error" id="work_time_file-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
