import { useCallback, useRef } from 'react';

export type StickyEdge = 'top' | 'bottom';

const VARIABLE: Record<StickyEdge, string> = {
  top: '--portal-sticky-top',
  bottom: '--portal-sticky-bottom',
};

/**
 * A sticky bar reserves its height for focus (WCAG 2.4.11, issue 37): while mounted it writes its
 * height to `--portal-sticky-top` or `--portal-sticky-bottom` on the root element, which the page's
 * `scroll-padding` reads (index.css), so a control reached by Tab is scrolled clear of the bar
 * instead of taking focus behind it. The height is measured, not assumed: the bars wrap, and the
 * top bar grows by the notch's inset in the Lark webview.
 */
export function useStickyInset(edge: StickyEdge): (element: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  return useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = null;
      if (!element) return;
      const root = document.documentElement;
      const measure = () => root.style.setProperty(VARIABLE[edge], `${element.offsetHeight}px`);
      measure();
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      stop.current = () => {
        observer.disconnect();
        root.style.removeProperty(VARIABLE[edge]);
      };
    },
    [edge],
  );
}
