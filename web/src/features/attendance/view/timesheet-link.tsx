import { useState } from 'react';
import type { TAttendanceAttachment } from '@portal/shared/contracts/attendance';
import { ATTACHMENT_EXTENSIONS } from '@portal/shared/limits';
import { base64ToBytes } from '@portal/shared/workflow/upload';
import { toastError } from '@/lib/notify.ts';
import { openFileWindow, saveFile } from '@/lib/save-file.ts';
import { downloadTimesheet } from '../api/download-timesheet.ts';

function opensInBrowser(name: string): boolean {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  const inline: readonly string[] = [...ATTACHMENT_EXTENSIONS.pdf, ...ATTACHMENT_EXTENSIONS.image];
  return inline.includes(extension);
}

/** The attached timesheet (spec §2.5): PDFs and images open in a new tab, spreadsheets are saved. */
export function TimesheetLink({ taskId, attachment }: { taskId: number; attachment: TAttendanceAttachment }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const target = opensInBrowser(attachment.name) ? openFileWindow() : null;
    setBusy(true);
    try {
      const file = await downloadTimesheet(taskId);
      const blob = new Blob([base64ToBytes(file.content) as BlobPart], {
        type: file.content_type || 'application/octet-stream',
      });
      if (target) target.show(blob, file.name || attachment.name);
      else saveFile(blob, file.name || attachment.name);
    } catch (error) {
      target?.close();
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <a
      href={`#attachment-${attachment.id}`}
      data-testid="timesheet-link"
      aria-busy={busy || undefined}
      onClick={(event) => {
        event.preventDefault();
        void open();
      }}
    >
      {attachment.name}
    </a>
  );
}
