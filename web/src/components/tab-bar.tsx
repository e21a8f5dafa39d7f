import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A row of tab links that scrolls sideways on a phone (issue 37): the current tab
 * (aria-current="page") is scrolled into view whenever `current` changes, and the bar fades the
 * edge past which more tabs are hidden (`${className}--more-start`, `--more-end`). It scrolls the
 * bar only, never the page.
 */
export function TabBar({
  label,
  current,
  className,
  children,
}: {
  label: string;
  /** What says the current tab changed: the location's path. */
  current: string;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  useEffect(() => {
    const bar = ref.current;
    if (!bar) return undefined;
    const measure = () => {
      const start = bar.scrollLeft > 1;
      const end = bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1;
      setMore((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    bar.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      observer.disconnect();
      bar.removeEventListener('scroll', measure);
    };
  }, []);

  useEffect(() => {
    const bar = ref.current;
    const tab = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !tab) return;
    // Centred when it can be: tabs on both sides show that there are more.
    const left = tab.offsetLeft - bar.offsetLeft - (bar.clientWidth - tab.offsetWidth) / 2;
    bar.scrollLeft = Math.max(0, left);
  }, [current]);

  const classes = [className, more.start && `${className}--more-start`, more.end && `${className}--more-end`]
    .filter(Boolean)
    .join(' ');
  return (
    <nav ref={ref} className={classes} aria-label={label}>
      {children}
    </nav>
  );
}
