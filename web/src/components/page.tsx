import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/use-page-title.ts';

interface PageProps {
  /** The heading's id, which names the page's landmark. */
  headingId: string;
  /** The route's title (config/page-titles.ts) when not given. */
  title?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A screen's frame: a section named by its h2 heading. */
export function Page({ headingId, title, className, children }: PageProps) {
  const routeTitle = usePageTitle();
  return (
    <section className={className ? `page ${className}` : 'page'} aria-labelledby={headingId}>
      {/* Focusable from script only: where focus goes when an action removes the control it was on. */}
      <h2 className="page__heading" id={headingId} tabIndex={-1}>
        {title ?? routeTitle}
      </h2>
      {children}
    </section>
  );
}
