import Button from '@douyinfe/semi-ui/lib/es/button';
import { toastError } from '@/lib/notify.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useExportMine } from '../api/export-mine.ts';

export const DOWNLOAD_OWN_DATA = '自分のデータをダウンロード';

/**
 * One's own data as one zip (個人情報保護法 §33): profile, contacts, accounts, commuting, residence,
 * leave, requests, attendance with every version, slips, and who read one's records.
 */
export function OwnDataDownload() {
  const exportMine = useExportMine();
  const download = async () => {
    try {
      const file = await exportMine.mutateAsync();
      saveFile(file.blob, file.filename ?? '個人データ.zip');
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <section aria-labelledby="profile-own-data">
      <h3 id="profile-own-data" className="profile-section">
        自分のデータ
      </h3>
      <p className="profile-note">
        ポータルが保存しているあなたのデータ（人事情報、連絡先、口座、通勤、在留資格、休暇、申請と添付、勤怠の全版、明細、あなたの記録の閲覧記録）を
        1 つの zip ファイルでダウンロードできます。各ファイルの説明は zip 内の README にあります。
      </p>
      <Button
        theme="solid"
        type="primary"
        size="large"
        loading={exportMine.isPending}
        onClick={() => void download()}
      >
        {DOWNLOAD_OWN_DATA}
      </Button>
    </section>
  );
}
