import { Link } from 'react-router-dom';
import type { THome } from '@portal/shared/contracts/home';
import { QueryState } from '@/components/query-state.tsx';
import { PATHS } from '@/config/paths.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { useHome } from '../api/get-home.ts';
import './home-cards.css';

const dateLabel = (date: string) => dayjs(date).format('M月D日（ddd）');

/** The month's form while it may still change; the report once submitted. */
function attendanceHref(a: NonNullable<THome['attendance']>): string | null {
  if (a.task_id !== null && a.status === '01') return `/task/tasks/unresolved/${a.task_id}`;
  if (a.task_id !== null && a.status === '90') return `/task/tasks/finished/${a.task_id}`;
  return a.workflow_id === null ? null : `/task/workflows/${a.workflow_id}/create`;
}

function AttendanceCard({ attendance }: { attendance: NonNullable<THome['attendance']> }) {
  const href = attendanceHref(attendance);
  return (
    <section className="home-card" aria-labelledby="home-attendance-heading" data-testid="home-attendance">
      <h3 id="home-attendance-heading">今月の勤怠</h3>
      <p className="home-card__figure">
        {attendance.year}年{attendance.month}月：<strong>{attendance.status_name}</strong>
      </p>
      {href ? (
        <Link to={href}>
          {attendance.task_id !== null && attendance.status !== '02' ? '報告を見る' : '勤怠を入力する'}
        </Link>
      ) : null}
    </section>
  );
}

function PaidLeaveCard({ leave }: { leave: NonNullable<THome['paid_leave']> }) {
  return (
    <section className="home-card" aria-labelledby="home-leave-heading" data-testid="home-paid-leave">
      <h3 id="home-leave-heading">有給休暇</h3>
      <p className="home-card__figure">
        残り <strong>{leave.remaining_days}</strong> 日
      </p>
      {leave.next_lapse ? (
        <p>
          {dateLabel(leave.next_lapse.date)}に {leave.next_lapse.days} 日が失効
        </p>
      ) : null}
      {leave.obligation ? (
        <p>
          年5日の取得義務：{leave.obligation.taken_days} / {leave.obligation.required_days} 日（
          {dateLabel(leave.obligation.deadline)}まで）
        </p>
      ) : null}
      <Link to={PATHS.vacations}>休暇の履歴</Link>
    </section>
  );
}

function DaysOffCard({ days }: { days: THome['days_off'] }) {
  return (
    <section className="home-card" aria-labelledby="home-days-off-heading" data-testid="home-days-off">
      <h3 id="home-days-off-heading">次の休日</h3>
      {days.length === 0 ? (
        <p>予定された休日はありません。</p>
      ) : (
        <ul className="home-card__list">
          {days.map((day) => (
            <li key={day.date}>
              {dateLabel(day.date)} {day.name}
            </li>
          ))}
        </ul>
      )}
      <Link to={PATHS.companyCalendar}>会社カレンダー</Link>
    </section>
  );
}

function FrequentCard({ workflows }: { workflows: THome['frequent_workflows'] }) {
  return (
    <section className="home-card" aria-labelledby="home-frequent-heading" data-testid="home-frequent">
      <h3 id="home-frequent-heading">よく使う手続き</h3>
      {workflows.length === 0 ? (
        <p>この1年の申請はありません。</p>
      ) : (
        <ul className="home-card__list">
          {workflows.map((w) => (
            <li key={w.id}>
              <Link to={`/task/workflows/${w.id}/create`}>{w.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={PATHS.procedures}>すべての手続き</Link>
    </section>
  );
}

function NoticesCard({ notices }: { notices: THome['notices'] }) {
  return (
    <section className="home-card" aria-labelledby="home-notices-heading" data-testid="home-notices">
      <h3 id="home-notices-heading">お知らせ</h3>
      {notices.length === 0 ? (
        <p>お知らせはありません。</p>
      ) : (
        <ul className="home-card__list">
          {notices.map((n) => (
            <li key={n.id}>
              <Link to={`${PATHS.notices}/${n.id}`}>
                {n.is_read ? (
                  n.title
                ) : (
                  <strong>
                    <span className="visually-hidden">未読：</span>
                    {n.title}
                  </strong>
                )}
              </Link>
              {n.importance === 'important' ? (
                <span className="home-card__tag">{n.importance_name}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Link to={PATHS.notices}>すべてのお知らせ</Link>
    </section>
  );
}

/** /home's cards from one GET home/; attendance and paid leave are left out without an employee record. */
export function HomeCards() {
  const home = useHome();
  return (
    <QueryState query={home}>
      {(data) => (
        <div className="home-cards">
          <NoticesCard notices={data.notices} />
          {data.attendance ? <AttendanceCard attendance={data.attendance} /> : null}
          {data.paid_leave ? <PaidLeaveCard leave={data.paid_leave} /> : null}
          <DaysOffCard days={data.days_off} />
          <FrequentCard workflows={data.frequent_workflows} />
        </div>
      )}
    </QueryState>
  );
}
