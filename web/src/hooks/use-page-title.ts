import { useMatches } from 'react-router-dom';

export interface RouteHandle {
  title: string;
}

function titleOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** The title of the deepest matched route that has one (config/page-titles.ts). */
export function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = titleOf(matches[i]?.handle);
    if (title) return title;
  }
  return '';
}
