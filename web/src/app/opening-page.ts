import { createContext, useContext, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The path of the page the document opened on, until the first move to another path (then null).
 * On that page focus is left where the browser puts it, at the start of the document, so the skip
 * link is the first Tab stop as on any page load; every later route change moves focus to the
 * page's heading (issue #20).
 */
const OpeningPathContext = createContext<string | null>(null);

export const OpeningPathProvider = OpeningPathContext.Provider;

/** For the top route: the opening page's path while the visitor is still on it. */
export function useTrackOpeningPath(): string | null {
  const { pathname } = useLocation();
  const [opening, setOpening] = useState<string | null>(pathname);
  // Set while rendering (React's pattern for state that follows a change of input): gone for good.
  if (opening !== null && pathname !== opening) setOpening(null);
  return opening;
}

/** Whether the current path is the one the document opened on, not yet left. */
export function useOnOpeningPage(): boolean {
  const { pathname } = useLocation();
  return useContext(OpeningPathContext) === pathname;
}
