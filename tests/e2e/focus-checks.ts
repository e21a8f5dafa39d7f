import type { Page } from '@playwright/test';

/**
 * What covers the focused element, or null when nothing does (WCAG 2.4.11): the element at the
 * centre of its box (of the part on the screen) must be the element, inside it, hold it (a control
 * drawn by its wrapper) or be inside its label (a radio drawn by its label).
 * A sticky bar over it, or the centre off the screen, is reported with both elements named.
 */
export function focusedCover(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const describe = (node: Element) => {
      const label =
        node.getAttribute('aria-label') ??
        (node as HTMLInputElement).labels?.[0]?.textContent ??
        node.textContent ??
        '';
      const classes = typeof node.className === 'string' ? node.className.split(/\s+/)[0] : '';
      return `<${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${label.trim().slice(0, 30)}`;
    };
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const box = element.getBoundingClientRect();
    // A control drawn by another (a 1 px input behind its button) has nothing of its own to cover;
    // focus-indicator.spec.ts asks whether such a stop shows focus at all.
    if (box.width <= 1 || box.height <= 1) return null;
    // The part on the screen: a panel taller than the screen is scrolled to its top edge.
    const left = Math.max(box.left, 0);
    const top = Math.max(box.top, 0);
    const right = Math.min(box.right, window.innerWidth);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (right <= left || bottom <= top) return `${describe(element)}: off the screen`;
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === element || element.contains(hit) || hit.contains(element)) return null;
    // A radio or checkbox drawn by its label (Semi's button radios): the label is the control.
    const labels = [...((element as HTMLInputElement).labels ?? [])];
    if (labels.some((label) => label.contains(hit))) return null;
    return `${describe(element)} is covered by ${describe(hit)}`;
  });
}

/** A name for the focused element that stays the same while it has focus (to see the walk wrap). */
export function focusedKey(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    element.dataset.focusWalk ??= String(Math.random());
    return element.dataset.focusWalk;
  });
}
