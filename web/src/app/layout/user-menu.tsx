import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Button from '@douyinfe/semi-ui/lib/es/button';
import IconChevronDown from '@douyinfe/semi-icons/lib/es/icons/IconChevronDown';
import IconUser from '@douyinfe/semi-icons/lib/es/icons/IconUser';
import { useNavigate } from 'react-router-dom';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { isInLark } from '@/lib/lark.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { EMPLOYEE_MENU } from './nav-items.ts';

const loadLogoutConfirm = () => import('./logout-confirm.tsx');
const LogoutConfirm = lazy(() => loadLogoutConfirm().then((module) => ({ default: module.LogoutConfirm })));

/** Moves focus among the menu's items: arrows wrap, Home and End jump (WAI-ARIA menu button). */
function moveFocus(menu: HTMLElement, key: string): boolean {
  const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    key === 'ArrowDown'
      ? (at + 1) % items.length
      : key === 'ArrowUp'
        ? (at - 1 + items.length) % items.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? items.length - 1
            : -1;
  if (next < 0) return false;
  items[next]?.focus();
  return true;
}

/**
 * The top bar's user menu: a menu button of our own (Semi's Dropdown brought its tooltip engine,
 * 16 KB brotli, into every page's first load). Opens with the first item focused; arrows move,
 * Escape closes back to the button, Tab or a click elsewhere closes it.
 */
export function UserMenu() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const user = useSessionStore((state) => state.user);
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    // The logout confirmation is fetched while the menu is open, so it shows at once when picked.
    void loadLogoutConfirm();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) return null;

  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLElement>('.user-menu__trigger')?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (menu.current && moveFocus(menu.current, event.key)) {
      event.preventDefault();
    }
  };

  const isEmployee = user.me.employee !== null;
  const canLogout = !isInLark();
  const name = user.me.full_name || user.me.username;
  // A phone has room for the family name only (the part before the space).
  const shownName = isMobile ? (name.split(/\s/)[0] ?? name) : name;

  return (
    <div className="user-menu" ref={root}>
      <Button
        theme="borderless"
        type="tertiary"
        // The name it shows, then what it is (WCAG 2.5.3: the accessible name holds the visible text).
        aria-label={`${name} ユーザーメニュー`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="user-menu__trigger"
        onClick={() => setOpen((was) => !was)}
      >
        {user.me.avatar ? (
          <img src={user.me.avatar} alt="" className="user-menu__avatar" width={24} height={24} />
        ) : isMobile ? null : (
          <IconUser />
        )}
        <span className="user-menu__name">{shownName}</span>
        <IconChevronDown size="small" />
      </Button>
      {open ? (
        <div className="user-menu__popup">
          <p className="user-menu__title">{name}</p>
          <div ref={menu} id={menuId} role="menu" aria-label="ユーザーメニュー" onKeyDown={onKeyDown}>
            {isEmployee
              ? EMPLOYEE_MENU.map((item) => (
                  <button
                    key={item.to}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="user-menu__item"
                    onClick={pick(() => navigate(item.to))}
                  >
                    {item.text}
                  </button>
                ))
              : null}
            {canLogout ? (
              <>
                {isEmployee ? <div role="separator" className="user-menu__divider" /> : null}
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="user-menu__item user-menu__item--danger"
                  onClick={pick(() => setConfirming(true))}
                >
                  ログアウト
                </button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <LogoutConfirm onCancel={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
