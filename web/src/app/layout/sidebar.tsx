import type { ReactNode } from 'react';
import Badge from '@douyinfe/semi-ui/lib/es/badge';
import Nav from '@douyinfe/semi-ui/lib/es/navigation';
import IconBook from '@douyinfe/semi-icons/lib/es/icons/IconBook';
import IconCalendar from '@douyinfe/semi-icons/lib/es/icons/IconCalendar';
import IconCheckList from '@douyinfe/semi-icons/lib/es/icons/IconCheckList';
import IconClock from '@douyinfe/semi-icons/lib/es/icons/IconClock';
import IconEdit from '@douyinfe/semi-icons/lib/es/icons/IconEdit';
import IconHistogram from '@douyinfe/semi-icons/lib/es/icons/IconHistogram';
import IconHome from '@douyinfe/semi-icons/lib/es/icons/IconHome';
import IconLayers from '@douyinfe/semi-icons/lib/es/icons/IconLayers';
import IconNoteMoney from '@douyinfe/semi-icons/lib/es/icons/IconNoteMoney';
import IconSetting from '@douyinfe/semi-icons/lib/es/icons/IconSetting';
import IconUserGroup from '@douyinfe/semi-icons/lib/es/icons/IconUserGroup';
import { Link, useLocation } from 'react-router-dom';
import { useStatistics } from '@/api/get-statistics.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import {
  buildNavEntries,
  groupOfKey,
  isNavGroup,
  selectedNavKey,
  TASK_GROUP_KEY,
  type NavAction,
  type NavIcon,
  type NavLeaf,
} from './nav-items.ts';
import { openQueueBoard } from './queue-board.ts';

const ICONS: Record<NavIcon, ReactNode> = {
  home: <IconHome />,
  procedures: <IconEdit />,
  manual: <IconBook />,
  tasks: <IconCheckList />,
  workflow: <IconLayers />,
  expense: <IconNoteMoney />,
  calendar: <IconCalendar />,
  organization: <IconUserGroup />,
  attendance: <IconClock />,
  settings: <IconSetting />,
  queues: <IconHistogram />,
};

const ACTIONS: Record<NavAction, () => Promise<void>> = { openQueueBoard };

function label({ text, badge }: NavLeaf) {
  return (
    <span className="nav-label">
      <span>{text}</span>
      {badge ? <Badge count={badge} overflowCount={99} type="danger" aria-label={`${badge} 件`} /> : null}
    </span>
  );
}

/**
 * The main menu (spec §2.3). Each entry is a real link (keyboard, middle click, e2e); the Semi item
 * inside it is taken out of the tab order so each entry is one tab stop. `onNavigate` closes the
 * phone drawer.
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSessionStore((state) => state.user);
  const { pathname } = useLocation();
  const statistics = useStatistics();
  if (!user) return null;

  const entries = buildNavEntries(user, statistics.data);
  const selected = selectedNavKey(entries, pathname);
  const openGroup = groupOfKey(entries, selected);
  const externals = new Map(
    entries.flatMap((entry) => (!isNavGroup(entry) && entry.external ? [[entry.key, entry] as const] : [])),
  );

  return (
    <nav className="sidebar" data-testid="sidebar" aria-label="メインメニュー">
      <Nav
        key={openGroup ?? TASK_GROUP_KEY}
        mode="vertical"
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={[TASK_GROUP_KEY, ...(openGroup ? [openGroup] : [])]}
        style={{ height: '100%', width: '100%' }}
        renderWrapper={({ itemElement, isSubNav, props }) => {
          const key = String(props.itemKey ?? '');
          if (isSubNav || !key.startsWith('/')) return itemElement;
          const external = externals.get(key);
          if (external?.action) {
            const run = ACTIONS[external.action];
            return (
              <a
                className="sidebar__link"
                href={key}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(event) => {
                  event.preventDefault();
                  void run(); // opens its tab at once, inside the click
                  onNavigate?.();
                }}
              >
                {itemElement}
              </a>
            );
          }
          if (external) {
            return (
              <a className="sidebar__link" href={key}>
                {itemElement}
              </a>
            );
          }
          return (
            <Link className="sidebar__link" to={key} onClick={onNavigate}>
              {itemElement}
            </Link>
          );
        }}
      >
        {entries.map((entry) =>
          isNavGroup(entry) ? (
            <Nav.Sub key={entry.key} itemKey={entry.key} text={entry.text} icon={ICONS[entry.icon]}>
              {entry.items.map((item) => (
                <Nav.Item key={item.key} itemKey={item.key} text={label(item)} tabIndex={-1} />
              ))}
            </Nav.Sub>
          ) : (
            <Nav.Item
              key={entry.key}
              itemKey={entry.key}
              text={label(entry)}
              icon={entry.icon ? ICONS[entry.icon] : undefined}
              tabIndex={-1}
            />
          ),
        )}
      </Nav>
    </nav>
  );
}
