import { Link } from 'react-router-dom';
import { PATHS } from '@/config/paths.ts';
import { HomeCards } from '@/features/home/components/home-cards.tsx';
import { LatestNotifications } from '@/features/notifications/components/latest-notifications.tsx';
import { TaskStatCards } from '@/features/tasks/components/task-stat-cards.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { useSessionStore } from '@/stores/session-store.ts';

/**
 * /home: greeting, the task lists with their counts, this month's attendance, paid leave, the next days
 * off and the usual workflows (GET home/), and the newest unread notifications.
 */
export default function HomeRoute() {
  const user = useSessionStore((state) => state.user);
  if (!user) return null;
  const { me, positions } = user;

  return (
    <div className="page home">
      <section className="home-greeting">
        <div>
          <p className="home-greeting__date">{dayjs().format('YYYY年M月D日（ddd）')}</p>
          <h2 className="home-greeting__name">こんにちは、{me.full_name || me.username} さん</h2>
          {positions.length > 0 ? (
            <p className="home-greeting__positions">
              {positions.map((position) => `${position.org_name} ${position.name}`).join(' ／ ')}
            </p>
          ) : null}
        </div>
        <Link className="link-button" to={PATHS.procedures}>
          新しい申請をする
        </Link>
      </section>
      <section className="home-section" aria-labelledby="task-stats-heading">
        <div className="home-section__header">
          <h3 id="task-stats-heading">申請・承認</h3>
        </div>
        <TaskStatCards />
      </section>
      <HomeCards />
      <LatestNotifications />
    </div>
  );
}
