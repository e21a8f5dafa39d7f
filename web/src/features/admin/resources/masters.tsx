// 会社・マスタ (issue 14): the company's name, the bank master's version (read-only), the station
// master's import from the public 駅データ CSV files, and links to the screens that keep the company
// calendar and the workflows. Not a list of records, so a page declaration (../resource.ts).
import Button from '@douyinfe/semi-ui/lib/es/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TAdminMasters } from '@portal/shared/contracts/admin';
import { PERM, type Permission } from '@portal/shared/permissions';
import { queryKeys } from '@/api/query-keys.ts';
import { Alert } from '@/components/alert.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { toastError, toastSuccess } from '@/lib/notify.ts';
import { toUploadString } from '@/lib/upload-string.ts';
import { adminApi } from '../api/admin-api.ts';
import { ConsolePage } from '../components/console-page.tsx';
import { DeclaredForm } from '../components/resource-form.tsx';
import type { ConsoleUser, PageDecl } from '../resource.ts';

const MASTERS_KEY = queryKeys.admin.detail('masters', 1);

/** The existing screens the console links to, each shown to whoever may use it. */
export const MASTER_LINKS: readonly { to: string; label: string; text: string; perm: Permission }[] = [
  {
    to: '/company/calendar',
    label: '会社カレンダー',
    text: '法定休日の曜日、休日、カレンダー画像の設定。',
    perm: PERM.changeCompanyCalendar,
  },
  {
    to: '/workflow/workflows',
    label: 'ワークフロー',
    text: '申請の種類と承認経路の管理。',
    perm: PERM.viewWorkflow,
  },
  { to: '/workflow/nodes', label: 'ノード', text: '承認経路の各段階（ノード）の管理。', perm: PERM.viewNode },
];

/** Reads a chosen file as a data: URL. */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function CompanyLogo({
  logo,
  canChange,
  onDone,
}: {
  logo: string | null;
  canChange: boolean;
  onDone: () => Promise<void>;
}) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setBusy(true);
    try {
      await adminApi.setLogo({ logo: await readDataUrl(file) });
      toastSuccess('ロゴを変更しました。');
      await onDone();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.fieldErrors.logo
          ? failure.fieldErrors.logo.join(' ')
          : errorMessages(failure).join(' '),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-logo">
      {logo ? (
        <img className="admin-logo__image" src={logo} alt="会社のロゴ" />
      ) : (
        <p>ロゴは登録されていません。</p>
      )}
      {canChange ? (
        <>
          <FormField id={`${id}-logo`} label="ロゴ画像" error={error} help="PNG・JPEG・GIF・WebP、2MB まで">
            <input
              id={`${id}-logo`}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-logo-error` : `${id}-logo-help`}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </FormField>
          {logo ? (
            <Button type="danger" size="large" onClick={() => setConfirming(true)}>
              ロゴを削除
            </Button>
          ) : null}
          <ConfirmDialog
            visible={confirming}
            title="ロゴを削除"
            message="会社のロゴを削除します。よろしいですか？"
            okText="削除"
            danger
            onCancel={() => setConfirming(false)}
            onConfirm={async () => {
              try {
                await adminApi.removeLogo();
                toastSuccess('ロゴを削除しました。');
                setConfirming(false);
                await onDone();
              } catch (failure) {
                toastError(failure);
              }
            }}
          />
        </>
      ) : null}
    </div>
  );
}

function StationImport({ onDone }: { onDone: () => Promise<void> }) {
  const id = useId();
  const [files, setFiles] = useState<{ station_file?: File; line_file?: File }>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError([]);
    const missing: Record<string, string[]> = {};
    if (!files.station_file) missing.station_file = ['駅データ（station.csv）を選択してください。'];
    if (!files.line_file) missing.line_file = ['路線データ（line.csv）を選択してください。'];
    setErrors(missing);
    if (!files.station_file || !files.line_file) return;
    setBusy(true);
    try {
      const result = await adminApi.importStations({
        station_file: await toUploadString(files.station_file),
        line_file: await toUploadString(files.line_file),
      });
      toastSuccess(`${result.imported} 駅を取り込みました。`);
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        if (error.nonFieldErrors.length) setFormError(error.nonFieldErrors);
      } else {
        setFormError(errorMessages(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const input = (name: 'station_file' | 'line_file', label: string) => (
    <FormField id={`${id}-${name}`} label={label} required error={errors[name]?.join(' ')}>
      <input
        id={`${id}-${name}`}
        type="file"
        accept=".csv,text/csv"
        aria-required="true"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => setFiles((f) => ({ ...f, [name]: e.target.files?.[0] }))}
      />
    </FormField>
  );

  return (
    <form className="admin-form" noValidate aria-label="駅マスタの取り込み" onSubmit={(e) => void submit(e)}>
      <p className="admin-description">
        駅データ.jp の station.csv と line.csv
        を選択してください。営業中の駅だけを取り込み（廃止された駅は取り込みません）、
        登録済みの駅は新しい内容に更新します。
      </p>
      {formError.length > 0 ? <Alert>{formError.join(' ')}</Alert> : null}
      <div className="admin-form__grid">
        {input('station_file', '駅データ（station.csv）')}
        {input('line_file', '路線データ（line.csv）')}
      </div>
      <div className="admin-form__buttons">
        <Button htmlType="submit" theme="solid" size="large" loading={busy}>
          取り込む
        </Button>
      </div>
    </form>
  );
}

function MastersScreen({ user }: { user: ConsoleUser }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: MASTERS_KEY, queryFn: adminApi.masters });
  const refresh = () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY });
  const links = MASTER_LINKS.filter((l) => user.can(l.perm));
  return (
    <ConsolePage headingId="admin-masters-heading" title="会社・マスタ">
      <QueryState query={query}>
        {(data: TAdminMasters) => (
          <>
            <section className="admin-section" aria-labelledby="admin-company-heading">
              <h2 id="admin-company-heading">会社情報</h2>
              <CompanyLogo logo={data.company.logo} canChange={data.can_change_company} onDone={refresh} />
              {data.can_change_company ? (
                <DeclaredForm
                  label="会社情報"
                  fields={[{ name: 'name', label: '会社名', kind: 'text', required: true }]}
                  initial={{ name: data.company.name }}
                  user={user}
                  submitText="保存"
                  onSubmit={async (body) => {
                    await adminApi.patchCompany(body);
                    toastSuccess('会社情報を保存しました。');
                    await refresh();
                  }}
                />
              ) : (
                <dl className="admin-lines">
                  <div className="admin-lines__row">
                    <dt>会社名</dt>
                    <dd>{data.company.name || '―'}</dd>
                  </div>
                </dl>
              )}
            </section>
            <section className="admin-section" aria-labelledby="admin-bank-heading">
              <h2 id="admin-bank-heading">銀行マスタ</h2>
              <dl className="admin-lines">
                <div className="admin-lines__row">
                  <dt>データ日付</dt>
                  <dd>{data.bank_master.data_date ?? '―'}</dd>
                </div>
                <div className="admin-lines__row">
                  <dt>パッケージ</dt>
                  <dd>
                    {data.bank_master.package} {data.bank_master.version}
                  </dd>
                </div>
              </dl>
              <p className="admin-description">
                銀行・支店のデータは zengin-code
                パッケージの更新で新しくなります（画面からは変更できません）。
              </p>
            </section>
            <section className="admin-section" aria-labelledby="admin-stations-heading">
              <h2 id="admin-stations-heading">駅マスタ</h2>
              <dl className="admin-lines">
                <div className="admin-lines__row">
                  <dt>登録駅数</dt>
                  <dd>{data.stations.count.toLocaleString('ja-JP')} 駅</dd>
                </div>
              </dl>
              {data.can_import_stations ? <StationImport onDone={refresh} /> : null}
            </section>
            {links.length > 0 ? (
              <section className="admin-section" aria-labelledby="admin-links-heading">
                <h2 id="admin-links-heading">その他の設定</h2>
                <ul className="admin-home">
                  {links.map((l) => (
                    <li key={l.to}>
                      <Link className="admin-home__link" to={l.to}>
                        <span className="admin-home__title">{l.label}</span>
                        <span className="admin-home__text">{l.text}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryState>
    </ConsolePage>
  );
}

export const mastersPage: PageDecl = {
  key: 'masters',
  label: '会社・マスタ',
  description: '会社情報、銀行マスタの版、駅マスタの取り込み、会社カレンダーとワークフローの設定へのリンク。',
  views: [PERM.changeCompanyInfo, PERM.changeStation, PERM.changeCompanyCalendar, PERM.viewWorkflow],
  Screen: MastersScreen,
};
