import { useId, useState, type ReactNode } from 'react';
import IconArticle from '@douyinfe/semi-icons/lib/es/icons/IconArticle';
import IconBook from '@douyinfe/semi-icons/lib/es/icons/IconBook';
import IconCalendar from '@douyinfe/semi-icons/lib/es/icons/IconCalendar';
import IconCheckList from '@douyinfe/semi-icons/lib/es/icons/IconCheckList';
import IconChevronDown from '@douyinfe/semi-icons/lib/es/icons/IconChevronDown';
import IconClock from '@douyinfe/semi-icons/lib/es/icons/IconClock';
import IconEdit from '@douyinfe/semi-icons/lib/es/icons/IconEdit';
import IconHistogram from '@douyinfe/semi-icons/lib/es/icons/IconHistogram';
import IconHome from '@douyinfe/semi-icons/lib/es/icons/IconHome';
import IconIdCard from '@douyinfe/semi-icons/lib/es/icons/IconIdCard';
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
  type NavGroup,
  type NavIcon,
  type NavLeaf,
} from './nav-items.ts';
import { openQueueBoard } from './queue-board.ts';

// Icons are decoration: the entry's text names it.
const ICONS: Record<NavIcon, ReactNode> = {
  home: <IconHome aria-hidden />,
  procedures: <IconEdit aria-hidden />,
  manual: <IconBook aria-hidden />,
  notices: <IconArticle aria-hidden />,
  tasks: <IconCheckList aria-hidden />,
  workflow: <IconLayers aria-hidden />,
  expense: <IconNoteMoney aria-hidden />,
  calendar: <IconCalendar aria-hidden />,
  organization: <IconUserGroup aria-hidden />,
  attendance: <IconClock aria-hidden />,
  settings: <IconSetting aria-hidden />,
  queues: <IconHistogram aria-hidden />,
  records: <IconIdCard aria-hidden />,
};

const ACTIONS: Record<NavAction, () => Promise<void>> = { openQueueBoard };

function Entry({
  leaf,
  selected,
  onNavigate,
}: {
  leaf: NavLeaf;
  selected: boolean;
  onNavigate?: () => void;
}) {
  const className = `sidebar__item${selected ? ' sidebar__item--selected' : ''}`;
  const content = (
    <>
      {leaf.icon ? <span className="sidebar__icon">{ICONS[leaf.icon]}</span> : null}
      <span className="sidebar__text">{leaf.text}</span>
      {leaf.badge ? (
        <span className="count-badge">
          {leaf.badge > 99 ? '99+' : leaf.badge}
          <span className="visually-hidden"> 件</span>
        </span>
      ) : null}
    </>
  );
  if (leaf.action) {
    const run = ACTIONS[leaf.action];
    return (
      <a
        className={className}
        href={leaf.key}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          void run(); // opens its tab at once, inside the click
          onNavigate?.();
        }}
      >
        {content}
      </a>
    );
  }
  if (leaf.external)
    return (
      <a className={className} href={leaf.key}>
        {content}
      </a>
    );
  return (
    <Link
      className={className}
      to={leaf.key}
      onClick={onNavigate}
      aria-current={selected ? 'page' : undefined}
    >
      {content}
    </Link>
  );
}

function Group({
  group,
  selected,
  open,
  onToggle,
  onNavigate,
}: {
  group: NavGroup;
  selected: string | undefined;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const listId = useId();
  return (
    <li className="sidebar__group">
      <button
        type="button"
        className="sidebar__item sidebar__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <span className="sidebar__icon">{ICONS[group.icon]}</span>
        <span className="sidebar__text">{group.text}</span>
        <IconChevronDown aria-hidden className="sidebar__chevron" />
      </button>
      <ul id={listId} className="sidebar__list sidebar__list--sub" hidden={!open}>
        {group.items.map((item) => (
          <li key={item.key}>
            <Entry leaf={item} selected={item.key === selected} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The main menu (spec §2.3): a navigation landmark holding a list of links, the groups as
 * disclosure buttons over their own lists. `onNavigate` closes the phone drawer; `withEmployeeMenu`
 * (the drawer) adds the user menu's screens.
 */
export function Sidebar({
  onNavigate,
  withEmployeeMenu = false,
}: {
  onNavigate?: () => void;
  withEmployeeMenu?: boolean;
}) {
  const user = useSessionStore((state) => state.user);
  const { pathname } = useLocation();
  const statistics = useStatistics();
  const entries = user ? buildNavEntries(user, statistics.data, { withEmployeeMenu }) : [];
  const selected = selectedNavKey(entries, pathname);
  const currentGroup = groupOfKey(entries, selected);
  // The user's own openings and closings; otherwise the task group and the current page's are open.
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  if (!user) return null;

  const isOpen = (key: string) => chosen.get(key) ?? (key === TASK_GROUP_KEY || key === currentGroup);
  const toggle = (key: string) => setChosen((was) => new Map(was).set(key, !isOpen(key)));

  return (
    <nav className="sidebar" data-testid="sidebar" aria-label="メインメニュー">
      <ul className="sidebar__list">
        {entries.map((entry) =>
          isNavGroup(entry) ? (
            <Group
              key={entry.key}
              group={entry}
              selected={selected}
              open={isOpen(entry.key)}
              onToggle={() => toggle(entry.key)}
              onNavigate={onNavigate}
            />
          ) : (
            <li key={entry.key}>
              <Entry leaf={entry} selected={entry.key === selected} onNavigate={onNavigate} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
