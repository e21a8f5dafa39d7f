import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/page.tsx';
import { useOwnScreenTitle } from '@/hooks/use-own-screen-title.ts';
import './console-page.css';

export interface Crumb {
  label: string;
  to: string;
}

export const CONSOLE_TITLE = '設定';
export const CONSOLE_ROOT = '/admin/';

interface ConsolePageProps {
  headingId: string;
  /** The screen's own title: the top bar's h1, the browser tab and this page's heading. */
  title: string;
  /** The levels between 設定 and this screen (社員 above a person). */
  trail?: readonly Crumb[];
  children?: ReactNode;
}

/**
 * A console screen: named by its own title everywhere (issue 37: not 設定 on every page), with 設定
 * and the levels above it in a breadcrumb.
 */
export function ConsolePage({ headingId, title, trail = [], children }: ConsolePageProps) {
  useOwnScreenTitle(title);
  const isRoot = title === CONSOLE_TITLE && trail.length === 0;
  return (
    <>
      {isRoot ? null : (
        <nav aria-label="パンくずリスト" className="console-breadcrumb">
          <ol>
            {[{ label: CONSOLE_TITLE, to: CONSOLE_ROOT }, ...trail].map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <Page headingId={headingId} title={title}>
        {children}
      </Page>
    </>
  );
}
