import { useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import type { TCalendarFile } from '@portal/shared/contracts/calendar';
import { ConfirmDelete } from '@/components/confirm-delete.tsx';
import { useDeleteCalendarFile } from '../api/delete-calendar-file.ts';

export const NO_CALENDAR_IMAGES = 'カレンダーは登録されていません。';

/** The company calendar's images (spec §3.7); those who may change the calendar can delete one. */
export function CalendarImages({ files, canEdit }: { files: TCalendarFile[]; canEdit: boolean }) {
  const remove = useDeleteCalendarFile();
  const [removing, setRemoving] = useState<TCalendarFile | null>(null);
  if (files.length === 0) return <p className="calendar-state">{NO_CALENDAR_IMAGES}</p>;
  return (
    <>
      <ul className="calendar-images">
        {files.map((file) => (
          <li key={file.id} className="calendar-image" data-testid="calendar-image">
            <figure>
              <img src={file.url} alt={file.name} loading="lazy" />
              <figcaption>
                <span>{file.name}</span>
                {canEdit ? (
                  <Button
                    size="small"
                    type="danger"
                    aria-label={`${file.name} を削除`}
                    onClick={() => setRemoving(file)}
                  >
                    削除
                  </Button>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <ConfirmDelete
        target={removing}
        title="カレンダー画像の削除"
        remove={(file) => remove.mutateAsync(file.id)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
