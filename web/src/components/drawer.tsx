import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import Button from '@douyinfe/semi-ui/lib/es/button';
import IconClose from '@douyinfe/semi-icons/lib/es/icons/IconClose';
import './drawer.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && getComputedStyle(element).display !== 'none',
  );
}

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name and its visible heading. */
  title: ReactNode;
  /** Where it slides in from. */
  placement?: 'left' | 'right';
  /** Its width at desktop size; on a phone it never exceeds the screen. */
  width?: number | string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal side panel (the phone menu, the bell's notifications): a named dialog that takes focus
 * when it opens, keeps Tab inside while open, closes on Escape, the close button or a click on the
 * mask, and gives focus back to what opened it (issue #20).
 */
export function Drawer({
  open,
  onClose,
  title,
  placement = 'right',
  width = 360,
  className,
  testId,
  children,
}: DrawerProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = panel.current;
    // The page behind is inert while the panel is open: out of the Tab order, of the screen
    // reader's reading and of hit-testing.
    const app = document.getElementById('root');
    const wasInert = app?.inert ?? false;
    if (app) app.inert = true;
    element?.focus();
    return () => {
      if (app) app.inert = wasInert;
      // Back to the opener, unless something else took focus meanwhile (a link's new page).
      const active = document.activeElement;
      const lost = !active || active === document.body || element?.contains(active);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || active === panel.current)) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // The backdrop is the panel's own parent (no separate mask element under the panel): a click on
    // it, outside the panel, closes.
    <div
      className={`drawer drawer--${placement}${className ? ` ${className}` : ''}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width }}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className="drawer__header">
          <h2 className="drawer__title" id={titleId}>
            {title}
          </h2>
          <Button
            theme="borderless"
            type="tertiary"
            icon={<IconClose aria-hidden />}
            aria-label="閉じる"
            className="drawer__close"
            onClick={onClose}
          />
        </div>
        <div className="drawer__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
