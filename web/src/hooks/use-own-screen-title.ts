import { useEffect } from 'react';
import { useScreenTitleStore } from '@/stores/screen-title-store.ts';

/**
 * Names the screen in the top bar's h1, the announcer and the browser tab while it is shown, for
 * screens under one route whose table title names only the section (/admin/*: 設定).
 */
export function useOwnScreenTitle(title: string): void {
  const setOwn = useScreenTitleStore((state) => state.setOwn);
  useEffect(() => {
    setOwn(title);
    return () => setOwn(null);
  }, [title, setOwn]);
}
