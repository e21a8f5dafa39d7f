import { useSearchParams } from 'react-router-dom';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import { Page } from '@/components/page.tsx';
import { YearSelect } from '@/components/year-select.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { useYearParam } from '@/lib/year-param.ts';
import { SLIP_PATHS, useShownYear, useSlips, type SlipKind } from '../api/slips.ts';
import { ConsentPanel } from './consent-panel.tsx';
import './slips.css';

interface SlipRow {
  id: number;
  title: string;
  issued_on: string;
}

const YEARS_BACK = 5;

/**
 * My slips of a year (?year=, by default the newest year with a slip): title and issue date; the
 * amounts show once opened.
 */
export function SlipList({ kind, headingId, empty }: { kind: SlipKind; headingId: string; empty: string }) {
  const [params] = useSearchParams();
  const [yearParam, setYear] = useYearParam();
  const [page] = usePageParam();
  const thisYear = dayjs().year();
  const shown = useShownYear(kind, params.has('year') ? yearParam : undefined, thisYear);
  const year = shown ?? thisYear;
  const slips = useSlips(kind, shown, page);
  const years = Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i);
  const href = (slip: SlipRow) => `${SLIP_PATHS[kind]}/${slip.id}`;
  const columns: DataColumn<SlipRow>[] = [
    { title: '対象', cell: (slip) => slip.title },
    { title: '発行日', cell: (slip) => slip.issued_on, width: 140 },
    { title: '差引支給額', cell: () => '開いて確認', width: 140 },
  ];
  return (
    <Page headingId={headingId}>
      <div className="slip-toolbar" role="search" aria-label="絞り込み">
        <YearSelect value={year} years={years} onChange={setYear} />
      </div>
      <DataList
        query={slips}
        label={`${year}年の一覧`}
        empty={empty}
        columns={columns}
        card={(slip) => ({ title: slip.title, meta: [`発行日 ${slip.issued_on}`] })}
        rowKey={(slip) => slip.id}
        rowHref={href}
        testId="slip-row"
      />
      <ConsentPanel document={kind} />
    </Page>
  );
}
