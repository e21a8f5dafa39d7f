import { lazy, Suspense } from 'react';
import type { MarkdownViewProps } from './markdown-view.tsx';

// The parser weighs tens of kilobytes: only the pages that show Markdown fetch it.
const MarkdownView = lazy(() => import('./markdown-view.tsx'));

/** Renders Markdown safely (see `markdown-view.tsx`), loading the renderer on first use. */
export function Markdown(props: MarkdownViewProps) {
  return (
    <Suspense fallback={<div className="markdown markdown--loading" aria-busy="true" />}>
      <MarkdownView {...props} />
    </Suspense>
  );
}
