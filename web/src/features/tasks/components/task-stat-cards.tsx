import { Link } from 'react-router-dom';
import type { TTaskStatistics } from '@portal/shared/contracts/account';
import { PATHS } from '@/config/paths.ts';
import { useTaskStatistics } from '@/api/get-task-statistics.ts';

const CARDS: readonly { key: keyof TTaskStatistics; label: string; to: string; description: string }[] = [
  { key: 'unresolved', label: '申請中', to: PATHS.tasksUnresolved, description: '処理中の自分の申請' },
  {
    key: 'approval',
    label: '承認待ち',
    to: PATHS.tasksApproval,
    description: 'あなたの承認を待っている申請',
  },
  {
    key: 'approval_finished',
    label: '承認済み',
    to: PATHS.tasksApprovalFinished,
    description: '承認・差戻しした申請',
  },
  { key: 'finished', label: '完了済み', to: PATHS.tasksFinished, description: '完了・却下・取消された申請' },
  { key: 'observer', label: '閲覧可能', to: PATHS.tasksObserver, description: '閲覧できる申請' },
];

/** One card per task list with its count (home). */
export function TaskStatCards() {
  const statistics = useTaskStatistics();
  return (
    <ul className="stat-cards" aria-label="申請の件数">
      {CARDS.map(({ key, label, to, description }) => (
        <li key={key}>
          <Link className={`stat-card${key === 'approval' ? ' stat-card--accent' : ''}`} to={to}>
            <span className="stat-card__label">{label}</span>
            <span className="stat-card__count">
              {statistics.data ? statistics.data[key] : '–'}
              <small>件</small>
            </span>
            <span className="stat-card__description">{description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
