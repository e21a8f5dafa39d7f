import Button from '@douyinfe/semi-ui/lib/es/button';
import { Link } from 'react-router-dom';
import { toastError } from '@/lib/notify.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useDownloadSlipPdf, type SlipKind } from '../api/slips.ts';

export const DOWNLOAD_PDF = 'PDF をダウンロード';

/** Back to the list, and the slip as PDF (the server writes it with a Japanese font). */
export function SlipActions({
  kind,
  id,
  fallbackName,
  backTo,
}: {
  kind: SlipKind;
  id: number;
  fallbackName: string;
  backTo: string;
}) {
  const pdf = useDownloadSlipPdf(kind);
  const download = async () => {
    try {
      const file = await pdf.mutateAsync(id);
      saveFile(file.blob, file.filename ?? fallbackName);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <div className="slip-actions">
      <Button theme="solid" type="primary" loading={pdf.isPending} onClick={() => void download()}>
        {DOWNLOAD_PDF}
      </Button>
      <Link to={backTo} className="semi-button semi-button-tertiary slip-actions__back">
        一覧へ戻る
      </Link>
    </div>
  );
}
