import type { TPaidLeaveStatus } from '@portal/shared/contracts/vacations';
import { MSG } from '@portal/shared/messages';
import { QueryState, type QueryLike } from '@/components/query-state.tsx';
import { ScrollRegion } from '@/components/scroll-region.tsx';

export const BALANCE_UNAVAILABLE = MSG.paidLeaveUnavailable;

const days = (n: number) => `${n} 日`;

/** The paid-leave card: what is left, what lapses soon, the next grant, the five-day obligation and each grant. */
export function BalanceCard({ query }: { query: QueryLike<TPaidLeaveStatus> }) {
  return (
    <section className="leave-card" aria-labelledby="leave-balance-heading" data-testid="leave-balance">
      <h3 id="leave-balance-heading" className="leave-card__heading">
        有給休暇
      </h3>
      {/* Whatever went wrong, the card says the one sentence of spec §8.2. */}
      {query.error ? (
        <p className="query-state query-state--error" role="alert">
          {BALANCE_UNAVAILABLE}
        </p>
      ) : (
        <QueryState query={query}>
          {(status) => (
            <>
              <dl className="leave-card__figures">
                <div>
                  <dt>残日数</dt>
                  <dd data-testid="leave-remaining">{days(status.remaining_days)}</dd>
                </div>
                <div>
                  <dt>3か月以内に失効</dt>
                  <dd>{days(status.expiring_days)}</dd>
                </div>
                <div>
                  <dt>申請中</dt>
                  <dd>{days(status.pending)}</dd>
                </div>
                <div>
                  <dt>次回付与</dt>
                  <dd data-testid="leave-next-grant">
                    {status.next_grant
                      ? `${status.next_grant.date}（${days(status.next_grant.days)}）`
                      : '予定なし'}
                  </dd>
                </div>
                <div>
                  <dt>年5日の取得義務</dt>
                  <dd data-testid="leave-obligation">
                    {status.obligation
                      ? `${days(status.obligation.taken_days)} / ${days(status.obligation.required_days)}（期限 ${status.obligation.deadline}）`
                      : '対象外'}
                  </dd>
                </div>
              </dl>
              {status.grants.length > 0 ? (
                <ScrollRegion label="有効な付与" className="data-list__scroll">
                  <table className="data-table leave-card__grants">
                    <caption className="visually-hidden">有効な付与</caption>
                    <thead>
                      <tr>
                        <th scope="col">付与日</th>
                        <th scope="col" className="data-table__number">
                          付与
                        </th>
                        <th scope="col" className="data-table__number">
                          使用
                        </th>
                        <th scope="col" className="data-table__number">
                          残
                        </th>
                        <th scope="col">失効日</th>
                      </tr>
                    </thead>
                    <tbody>
                      {status.grants.map((grant) => (
                        <tr key={grant.granted_on}>
                          <td>{grant.granted_on}</td>
                          <td className="data-table__number">{days(grant.days)}</td>
                          <td className="data-table__number">{days(grant.used_days)}</td>
                          <td className="data-table__number">{days(grant.remaining_days)}</td>
                          <td>{grant.expires_on}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              ) : (
                <p className="query-state">有効な付与はありません。</p>
              )}
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
