import Button from '@douyinfe/semi-ui/lib/es/button';
import { QueryState } from '@/components/query-state.tsx';
import { ScrollRegion } from '@/components/scroll-region.tsx';
import { toastError } from '@/lib/notify.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useDownloadMyRegister, usePaidLeaveYear } from '../api/get-leave-year.ts';

const days = (n: number) => `${n} 日`;

/**
 * My 年次有給休暇管理簿 of the year (労働基準法施行規則 第24条の7): each 基準日 with the days granted, what is
 * left and the five-day obligation it started, the dates taken, why each grant was made or not, and the
 * register as Excel or PDF.
 */
export function RegisterCard({ year }: { year: number }) {
  const query = usePaidLeaveYear(year);
  const download = useDownloadMyRegister();
  const run = async (pdf: boolean) => {
    try {
      const file = await download.mutateAsync({ year, pdf });
      saveFile(file.blob, file.filename ?? `年次有給休暇管理簿_${year}.${pdf ? 'pdf' : 'xlsx'}`);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <section className="leave-card" aria-labelledby="leave-register-heading" data-testid="leave-register">
      <h3 id="leave-register-heading" className="leave-card__heading">
        {year}年の年次有給休暇管理簿
      </h3>
      <QueryState query={query}>
        {(register) => (
          <>
            {register.grants.length > 0 ? (
              <ScrollRegion label="基準日と付与" className="data-list__scroll">
                <table className="data-table">
                  <caption className="visually-hidden">基準日と付与</caption>
                  <thead>
                    <tr>
                      <th scope="col">基準日</th>
                      <th scope="col" className="data-table__number">
                        付与
                      </th>
                      <th scope="col" className="data-table__number">
                        残
                      </th>
                      <th scope="col">年5日の取得義務</th>
                    </tr>
                  </thead>
                  <tbody>
                    {register.grants.map((g) => (
                      <tr key={g.granted_on}>
                        <td>{g.granted_on}</td>
                        <td className="data-table__number">{days(g.days)}</td>
                        <td className="data-table__number">{days(g.remaining_days)}</td>
                        <td>
                          {g.obligation
                            ? `${days(g.obligation.taken_days)} / ${days(g.obligation.required_days)}（期限 ${g.obligation.deadline}）`
                            : '対象外'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            ) : (
              <p className="query-state">この年の付与はありません。</p>
            )}
            <p data-testid="leave-register-taken">
              取得日数 {days(register.taken_days)}
              {register.dates.length > 0 ? `：${register.dates.join('、')}` : ''}
            </p>
            {register.decisions.map((d) => (
              <p key={d.granted_on} data-testid="leave-decision">
                基準日 {d.granted_on} の判定（対象期間 {d.period_from}〜{d.period_to}）：{d.reason}
              </p>
            ))}
            <div className="leave-toolbar">
              <Button loading={download.isPending} onClick={() => void run(false)}>
                管理簿（Excel）
              </Button>
              <Button loading={download.isPending} onClick={() => void run(true)}>
                管理簿（PDF）
              </Button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
