import { useEffect, useRef, useState, type ReactNode } from 'react';
import './scroll-region.css';

/**
 * A wide table's sideways scroller (issue #20, #12 item 16): a named region that takes keyboard
 * focus (arrow keys scroll it) and, while its content is wider than the screen, says so under it
 * and shades the edge that hides more.
 */
export function ScrollRegion({
  label,
  className,
  testId,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ wide: false, atEnd: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const wide = element.scrollWidth > element.clientWidth + 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setOverflow((was) => (was.wide === wide && was.atEnd === atEnd ? was : { wide, atEnd }));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  const classes = ['scroll-region', overflow.wide && !overflow.atEnd ? 'scroll-region--more' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="scroll-region__frame">
      <div ref={ref} className={classes} role="region" aria-label={label} tabIndex={0} data-testid={testId}>
        {children}
      </div>
      {overflow.wide ? (
        <p className="scroll-region__hint" data-testid="scroll-hint">
          横にスクロールできます
        </p>
      ) : null}
    </div>
  );
}
