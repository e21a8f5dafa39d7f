import { useRef, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_KB } from '@portal/shared/limits';
import { FIELD_MSG } from '@portal/shared/messages';
import { toUploadString } from '@/lib/upload-string.ts';

interface FileInputProps {
  id: string;
  name: string;
  label: string;
  disabled?: boolean;
  /** The file already stored (resubmitting): kept when nothing new is chosen. */
  currentName?: string | null;
  describedBy?: string;
  onChange: (uploadString: string) => void;
  /** A refused file: the message to show under the field. */
  onRefuse: (message: string) => void;
}

/** A file field: at most 2 MB (spec §5), sent as the upload string `name:{base64 name};{base64}`. */
export function FileInput({
  id,
  name,
  label,
  disabled,
  currentName,
  describedBy,
  onChange,
  onRefuse,
}: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="file-input">
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        className="visually-hidden"
        // Reached through the button beside it: a 1×1 input would take focus where nothing shows.
        tabIndex={-1}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          if (file.size > MAX_UPLOAD_BYTES) {
            setChosen(null);
            onChange('');
            onRefuse(FIELD_MSG.fileTooLarge(label, MAX_UPLOAD_KB));
            return;
          }
          setChosen(file.name);
          onChange(await toUploadString(file));
        }}
      />
      <Button disabled={disabled} onClick={() => input.current?.click()} aria-controls={id}>
        ファイルを選択
      </Button>
      <span className="file-input__name" data-testid="file-name">
        {chosen ?? currentName ?? '選択されていません'}
      </span>
    </div>
  );
}
