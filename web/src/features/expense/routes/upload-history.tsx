import { useId } from 'react';
import {
  UPLOAD_KIND_NAMES,
  UPLOAD_KINDS,
  UPLOAD_STATE_NAMES,
  UPLOAD_STATES,
  type TUploadHistoryRow,
} from '@portal/shared/contracts/uploads';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Page } from '@/components/page.tsx';
import { PATHS } from '@/config/paths.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { useUploadHistory } from '../api/get-upload-history.ts';
import { UploadState, openedOf } from '../components/upload-state.tsx';
import { useHistoryFilters } from '../lib/history-filters.ts';
import '../components/expense.css';

export const EMPTY_UPLOADS = 'アップロードはありません。';
const YEARS_BACK = 5;
const ALL = '';

const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const detailPath = (upload: TUploadHistoryRow) => `${PATHS.expenseUpload}${upload.id}`;

const COLUMNS: DataColumn<TUploadHistoryRow>[] = [
  { title: '種類', cell: (u) => u.kind_name, width: 110 },
  { title: '対象', cell: (u) => u.target, primary: true },
  { title: '支給日', cell: (u) => u.paid_on, width: 120 },
  { title: '件数', cell: (u) => u.count.toLocaleString('ja-JP'), width: 80, align: 'right' },
  { title: '開封', cell: openedOf, width: 100, align: 'right' },
  { title: '状態', cell: (u) => <UploadState upload={u} />, width: 140 },
  { title: '登録者', cell: (u) => u.created_by, width: 120 },
  { title: '登録日時', cell: (u) => at(u.created_at), width: 150 },
];

/** A filter as a native select whose first choice is すべて. */
function FilterSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FormField id={id} label={label}>
      <select
        id={id}
        className="native-control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value={ALL}>すべて</option>
        {choices.map(([choice, name]) => (
          <option key={choice} value={choice}>
            {name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** /expense/uploads (アップロード履歴, expense.view_uploadhistory): every upload, 10 a page, newest first. */
export default function UploadHistoryRoute() {
  const [query, setFilters] = useHistoryFilters();
  const uploads = useUploadHistory(query);
  const thisYear = dayjs().year();
  const years = Array.from({ length: YEARS_BACK }, (_, i) => String(thisYear - i));
  const pick = <T extends string>(text: string) => (text === ALL ? undefined : (text as T));

  return (
    <Page headingId="upload-history-heading">
      <div className="upload-filters" role="search" aria-label="絞り込み">
        <FilterSelect
          label="種類"
          value={query.kind ?? ALL}
          choices={UPLOAD_KINDS.map((kind) => [kind, UPLOAD_KIND_NAMES[kind]] as const)}
          onChange={(text) => setFilters({ kind: pick(text) })}
        />
        <FilterSelect
          label="年"
          value={query.year === undefined ? ALL : String(query.year)}
          choices={years.map((year) => [year, `${year}年`] as const)}
          onChange={(text) => setFilters({ year: text === ALL ? undefined : Number(text) })}
        />
        <FilterSelect
          label="状態"
          value={query.state ?? ALL}
          choices={UPLOAD_STATES.map((state) => [state, UPLOAD_STATE_NAMES[state]] as const)}
          onChange={(text) => setFilters({ state: pick(text) })}
        />
      </div>
      <DataList
        query={uploads}
        label="アップロード履歴"
        empty={EMPTY_UPLOADS}
        columns={COLUMNS}
        card={(u) => ({
          title: `${u.kind_name} ${u.target}`,
          badge: <UploadState upload={u} />,
          meta: [
            `支給日 ${u.paid_on}`,
            `件数 ${u.count.toLocaleString('ja-JP')}・開封 ${openedOf(u)}`,
            `${u.created_by}・${at(u.created_at)}`,
          ],
        })}
        rowKey={(u) => u.id}
        rowHref={detailPath}
        testId="upload-row"
      />
    </Page>
  );
}
