import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useOnOpeningPage } from '../opening-page.ts';
import { useScreenTitle } from './use-screen-title.ts';

export const PAGE_HEADING_ID = 'page-title';

/**
 * After each route change focus moves to the page's heading (the top bar's h1) and its title is
 * announced in a polite live region, as a full page load would (issue #20). Changes of the query
 * alone (a filter, a page of a list) keep focus where it is, and so does the page the document
 * opened on: focus starts at the document's start there, with the skip link the first Tab stop.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const title = useScreenTitle();
  const onOpeningPage = useOnOpeningPage();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!onOpeningPage) document.getElementById(PAGE_HEADING_ID)?.focus({ preventScroll: true });
  }, [pathname, onOpeningPage]);

  useEffect(() => {
    // Emptied first, then written: the same title twice in a row is still read out.
    const live = region.current;
    if (live) live.textContent = '';
    const timer = window.setTimeout(() => {
      if (live) live.textContent = title;
    }, 100);
    return () => window.clearTimeout(timer);
  }, [pathname, title]);

  return (
    <div
      ref={region}
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="route-announcer"
    />
  );
}
