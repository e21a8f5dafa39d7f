import type { TPage } from '@portal/shared/contracts/pagination';
import type { TVacation } from '@portal/shared/contracts/vacations';
import { PAGE_SIZE } from '@portal/shared/limits';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import type { QueryLike } from '@/components/query-state.tsx';
import { YearSelect } from '@/components/year-select.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { useYearParam } from '@/lib/year-param.ts';
import { usePaidLeaveStatus, useVacations } from '../api/get-leave.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { RegisterCard } from '../components/register-card.tsx';
import '../components/vacations.css';

export const EMPTY_VACATIONS = 'この年の休暇履歴はありません。';

const halfFlags = (v: TVacation) =>
  [v.is_start_half ? '午後から' : '', v.is_end_half ? '午前まで' : ''].filter(Boolean).join('・') || '—';

const range = (p: { start_date: string; end_date: string }) =>
  p.start_date === p.end_date ? p.start_date : `${p.start_date}〜${p.end_date}`;

/** A paid leave across a 基準日, as the balance counts it: each part by its dates. */
export const partsText = (v: TVacation) =>
  v.parts && v.parts.length > 1
    ? `基準日で分割：${v.parts.map((p) => `${range(p)} ${p.days} 日`).join('／')}`
    : '';

const COLUMNS: DataColumn<TVacation>[] = [
  { title: '休暇種別', cell: (v) => v.category_name },
  { title: '開始日', cell: (v) => v.start_date, width: 130 },
  { title: '終了日', cell: (v) => v.end_date, width: 130 },
  { title: '日数', cell: (v) => `${v.days} 日`, width: 90, align: 'right' },
  { title: '半休', cell: halfFlags, width: 150 },
  { title: '基準日での分割', cell: (v) => partsText(v).replace('基準日で分割：', '') || '—' },
];

/** /vacations: the paid-leave card, then my leave history (spec §3.6) by year. */
export default function VacationsRoute() {
  const [year, setYear] = useYearParam();
  const [page] = usePageParam();
  const history = useVacations();
  const status = usePaidLeaveStatus();

  const rows = (history.data ?? []).filter(
    (v) => v.start_date <= `${year}-12-31` && v.end_date >= `${year}-01-01`,
  );
  const years = [
    ...new Set([dayjs().year(), ...(history.data ?? []).map((v) => Number(v.start_date.slice(0, 4)))]),
  ];
  const pageOf: QueryLike<TPage<TVacation>> = {
    isPending: history.isPending,
    error: history.error,
    data: history.data && {
      count: rows.length,
      next: null,
      previous: null,
      results: [...rows].reverse().slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    },
  };

  return (
    <Page headingId="vacations-heading">
      <BalanceCard query={status} />
      <RegisterCard year={year} />
      <section aria-labelledby="leave-history-heading">
        <h3 id="leave-history-heading" className="leave-history__heading">
          取得履歴
        </h3>
        <div className="leave-toolbar" role="search" aria-label="絞り込み">
          <YearSelect value={year} years={years} onChange={setYear} />
        </div>
        <DataList
          query={pageOf}
          label={`${year}年の休暇履歴`}
          empty={EMPTY_VACATIONS}
          columns={COLUMNS}
          card={(v) => ({
            title: v.category_name,
            badge: <span>{v.days} 日</span>,
            meta: [
              `${v.start_date} 〜 ${v.end_date}`,
              halfFlags(v) === '—' ? '' : halfFlags(v),
              partsText(v),
            ],
          })}
          rowKey={(v) => v.id}
          testId="vacation-row"
        />
      </section>
    </Page>
  );
}
