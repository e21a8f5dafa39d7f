import { useId, useState } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TObligationAtRisk } from '@portal/shared/contracts/vacations';
import { PAGE_SIZE } from '@portal/shared/limits';
import { useOrganizations } from '@/api/get-organizations.ts';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Page } from '@/components/page.tsx';
import type { QueryLike } from '@/components/query-state.tsx';
import { YearSelect } from '@/components/year-select.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { toastError } from '@/lib/notify.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useDownloadRegister, useObligationAtRisk } from '../api/paid-leave-admin.ts';
import '../components/vacations.css';

export const REGISTER_BUTTON = '管理簿をダウンロード';
export const EMPTY_AT_RISK = '年5日の取得義務が未達の社員はいません。';
export const SORT_LABEL = { asc: '残り日数の少ない順', desc: '残り日数の多い順' } as const;

const short = (p: TObligationAtRisk) => Math.max(0, p.required_days - p.taken_days);

const COLUMNS: DataColumn<TObligationAtRisk>[] = [
  { title: '社員番号', cell: (p) => p.code, width: 110 },
  { title: '氏名', cell: (p) => p.name, primary: true },
  { title: '所属', cell: (p) => p.organization ?? '—' },
  { title: '上長', cell: (p) => p.head ?? '—' },
  {
    title: '取得済み',
    cell: (p) => `${p.taken_days} 日 / ${p.required_days} 日`,
    width: 130,
    align: 'right',
  },
  { title: '不足', cell: (p) => `${short(p)} 日`, width: 80, align: 'right' },
  { title: '期限', cell: (p) => p.deadline, width: 120 },
  { title: '期限まで', cell: (p) => `${p.days_left} 日`, width: 100, align: 'right' },
];

/**
 * /vacations/management (HR: employee.view_employee): the 年次有給休暇管理簿 by year and organisation
 * as .xlsx, and who is short of the five-day obligation (労働基準法 第39条第7項), sortable by days left.
 */
export default function PaidLeaveAdminRoute() {
  const thisYear = dayjs().year();
  const [year, setYear] = useState(thisYear);
  const orgs = useOrganizations();
  const [organization, setOrganization] = useState<number | null>(null);
  const orgId = useId();
  const download = useDownloadRegister();
  const atRisk = useObligationAtRisk();
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page] = usePageParam();

  const chosen = organization ?? orgs.data?.[0]?.id ?? null;
  const run = async () => {
    if (chosen === null) return;
    try {
      const file = await download.mutateAsync({ year, organization: chosen });
      saveFile(file.blob, file.filename ?? `年次有給休暇管理簿_${year}.xlsx`);
    } catch (error) {
      toastError(error);
    }
  };

  const sorted = [...(atRisk.data ?? [])].sort((a, b) =>
    order === 'asc' ? a.days_left - b.days_left : b.days_left - a.days_left,
  );
  const pageOf: QueryLike<TPage<TObligationAtRisk>> = {
    isPending: atRisk.isPending,
    error: atRisk.error,
    data: atRisk.data && {
      count: sorted.length,
      next: null,
      previous: null,
      results: sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    },
  };

  return (
    <Page headingId="paid-leave-admin-heading">
      <section aria-labelledby="leave-register-heading">
        <h3 id="leave-register-heading" className="leave-history__heading">
          年次有給休暇管理簿
        </h3>
        <p className="leave-note">
          組織の全員の基準日・付与日数・取得日を年ごとに
          Excel（.xlsx）でダウンロードします（労働基準法施行規則 第24条の7）。
        </p>
        <div className="leave-toolbar">
          <YearSelect value={year} years={[thisYear, thisYear - 1, thisYear - 2]} onChange={setYear} />
          <FormField id={orgId} label="組織">
            <select
              id={orgId}
              className="native-control"
              value={chosen === null ? '' : String(chosen)}
              onChange={(event) => setOrganization(Number(event.target.value))}
            >
              {(orgs.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </FormField>
          <Button
            theme="solid"
            loading={download.isPending}
            disabled={chosen === null}
            onClick={() => void run()}
            data-testid="leave-register-download"
          >
            {REGISTER_BUTTON}
          </Button>
        </div>
      </section>
      <section aria-labelledby="leave-at-risk-heading">
        <h3 id="leave-at-risk-heading" className="leave-history__heading">
          年5日の取得義務が未達の社員
        </h3>
        <div className="leave-toolbar">
          <Button
            onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
            aria-label={`並び順：${SORT_LABEL[order]}（切り替え）`}
            data-testid="leave-at-risk-sort"
          >
            {SORT_LABEL[order]}
          </Button>
        </div>
        <DataList
          query={pageOf}
          label="年5日の取得義務が未達の社員"
          empty={EMPTY_AT_RISK}
          columns={COLUMNS}
          card={(p) => ({
            title: p.name,
            badge: <span>あと {p.days_left} 日</span>,
            meta: [
              p.organization ?? '',
              p.head ? `上長 ${p.head}` : '',
              `取得済み ${p.taken_days} 日 / ${p.required_days} 日（期限 ${p.deadline}）`,
            ],
          })}
          rowKey={(p) => p.employee_id}
          testId="leave-at-risk-row"
        />
      </section>
    </Page>
  );
}
