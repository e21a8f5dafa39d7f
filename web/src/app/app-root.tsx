import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { APP_NAME } from '@/config/page-titles.ts';
import { useScreenTitle } from './layout/use-screen-title.ts';
import { OpeningPathProvider, useTrackOpeningPath } from './opening-page.ts';

/** The top route: keeps the browser tab's title in step with the page, and knows the opening page. */
export function AppRoot() {
  const title = useScreenTitle();
  const openingPath = useTrackOpeningPath();
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
  return (
    <OpeningPathProvider value={openingPath}>
      <Outlet />
    </OpeningPathProvider>
  );
}
