import { lazy, Suspense, useEffect, useState } from 'react';
import { ATTACHMENT_EXTENSIONS } from '@portal/shared/limits';
import { base64ToBytes } from '@portal/shared/workflow/upload';
import { toastError } from '@/lib/notify.ts';
import { downloadAttachment } from '../api/download-attachment.ts';

// Semi's Modal (with the Typography it brings, 14 KB brotli) is no part of a task's first paint: the
// 勤怠報告 approval detail went over the 200 KB route budget with it (issue 37).
const AttachmentPreview = lazy(() =>
  import('./attachment-preview.tsx').then((module) => ({ default: module.AttachmentPreview })),
);

type Kind = 'image' | 'pdf' | 'other';

function kindOf(name: string): Kind {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if ((ATTACHMENT_EXTENSIONS.image as readonly string[]).includes(extension)) return 'image';
  if ((ATTACHMENT_EXTENSIONS.pdf as readonly string[]).includes(extension)) return 'pdf';
  return 'other';
}

const MIME: Record<Exclude<Kind, 'other'>, string> = { image: 'image/*', pdf: 'application/pdf' };

function saveAs(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * A file field's value (spec §2.4): images open in a modal, PDFs in a new window, other files are
 * downloaded. The content comes from attachment/{id}/download/ as base64.
 */
export function AttachmentLink({ attachmentId, name }: { attachmentId: number; name: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const open = async () => {
    const kind = kindOf(name);
    // A window opened after an await is blocked as a pop-up: open it now, fill it later.
    const win = kind === 'pdf' ? window.open('', '_blank') : null;
    setBusy(true);
    try {
      const file = await downloadAttachment(attachmentId);
      const type = file.content_type || (kind === 'other' ? 'application/octet-stream' : MIME[kind]);
      const url = URL.createObjectURL(new Blob([base64ToBytes(file.content) as BlobPart], { type }));
      if (kind === 'image') setPreview(url);
      else if (kind === 'pdf' && win) win.location.href = url;
      else {
        saveAs(url, file.name || name);
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
    } catch (error) {
      win?.close();
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <a
        href={`#attachment-${attachmentId}`}
        className="attachment-link"
        data-testid="attachment-link"
        aria-busy={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        {name}
      </a>
      {preview ? (
        <Suspense fallback={null}>
          <AttachmentPreview name={name} url={preview} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
