import type { Page } from '@playwright/test';

/**
 * What covers the focused element, or null when nothing does (WCAG 2.4.11): the element at the
 * centre of its box (of the part on the screen) must be the element, inside it, hold it (a control
 * drawn by its wrapper) or be inside its label (a radio drawn by its label).
 * A sticky bar over it, or the centre off the screen, is reported with both elements named.
 */
export function focusedCover(page: Page): Promise<string | null> {
  return covers(page, null).then((found) => found[0] ?? null);
}

/**
 * focusedCover for every control `selector` finds, each focused in turn, in one round trip to the
 * page (a walk of fifty pages with dozens of controls each spent minutes on two trips a control).
 */
export function coveredOnFocus(page: Page, selector: string): Promise<string[]> {
  return covers(page, selector);
}

function covers(page: Page, selector: string | null): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const describe = (node: Element) => {
      const label =
        node.getAttribute('aria-label') ??
        (node as HTMLInputElement).labels?.[0]?.textContent ??
        node.textContent ??
        '';
      const classes = typeof node.className === 'string' ? node.className.split(/\s+/)[0] : '';
      return `<${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${label.trim().slice(0, 30)}`;
    };
    const coverOf = (element: Element | null): string | null => {
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
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (!hit || hit === element || element.contains(hit) || hit.contains(element)) return null;
      // A radio or checkbox drawn by its label (Semi's button radios): the label is the control.
      const labels = [...((element as HTMLInputElement).labels ?? [])];
      if (labels.some((label) => label.contains(hit))) return null;
      return `${describe(element)} is covered by ${describe(hit)}`;
    };
    if (selector === null) {
      const cover = coverOf(document.activeElement);
      return cover ? [cover] : [];
    }
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.matches(':disabled') || element.getClientRects().length === 0) continue;
      // Focusing scrolls the control into view, as a key press would, before its box is read.
      element.focus();
      // What a focus handler renders (React flushes a focus event's updates in a microtask) is
      // drawn before the box is read.
      await Promise.resolve();
      if (document.activeElement !== element) continue;
      const cover = coverOf(element);
      if (cover) found.push(cover);
    }
    return found;
  }, selector);
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
