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

interface DescribeHost {
  __describeControl: (node: Element) => string;
}

/** Puts in the page the one way the checks below name a control: its tag, first class and label. */
async function installDescribe(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as DescribeHost).__describeControl = (node: Element) => {
      const label =
        node.getAttribute('aria-label') ??
        (node as HTMLInputElement).labels?.[0]?.textContent ??
        node.textContent ??
        '';
      const classes = typeof node.className === 'string' ? node.className.split(/\s+/)[0] : '';
      return `<${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${label.trim().slice(0, 30)}`;
    };
  });
}

function covers(page: Page, selector: string | null): Promise<string[]> {
  return installDescribe(page).then(() =>
    page.evaluate(async (selector) => {
      const describe = (window as unknown as DescribeHost).__describeControl;
      const coverOf = (element: Element | null): string | null => {
        if (!element || element === document.body) return null;
        const box = element.getBoundingClientRect();
        // A control drawn by another (a 1 px input behind its button) has nothing of its own to cover;
        // focusProblems asks whether such a stop shows focus at all.
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
    }, selector),
  );
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

// WCAG 2.4.7 and 2.4.11 on a page as it stands: every control that takes focus shows that it has it,
// and is not covered when it does. Each control is focused after a key press (so :focus-visible
// applies, as for a keyboard user) and its look compared with its look unfocused: its own outline,
// box-shadow, border, background, colour or underline, or those of the three elements around it (Semi
// draws an input's focus on its wrapper). Transitions are switched off, so the focused look is read
// where it ends, not as it starts. Nothing is pressed but Shift.

const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Every focusable control of the page without a visible change when focused: described. */
async function unmarkedControls(page: Page): Promise<string[]> {
  await installDescribe(page);
  return page.evaluate(() => {
    const FOCUSABLE =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
    const PROPERTIES = [
      'outline-style',
      'outline-width',
      'outline-color',
      'box-shadow',
      'border-top-color',
      'border-bottom-color',
      'border-left-color',
      'background-color',
      'color',
      'text-decoration-line',
    ] as const;
    const around = (element: Element) => {
      const chain: Element[] = [element];
      for (let up = element.parentElement; up && chain.length < 4; up = up.parentElement) chain.push(up);
      return chain;
    };
    const look = (element: Element) =>
      around(element)
        .map((node) => {
          const style = getComputedStyle(node);
          return PROPERTIES.map((property) => style.getPropertyValue(property)).join('|');
        })
        .join('#');
    const hasOutline = (element: Element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    };
    const describe = (window as unknown as DescribeHost).__describeControl;
    const reachable = (element: HTMLElement) => {
      if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && element.getClientRects().length > 0;
    };

    const unmarked: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (!reachable(element)) continue;
      (document.activeElement as HTMLElement | null)?.blur();
      const before = look(element);
      element.focus();
      // Focus went elsewhere (a dialog keeping it, a control handing it on): not this control's stop.
      if (document.activeElement !== element) continue;
      const box = element.getBoundingClientRect();
      // A control drawn by another (a 1 px input behind its button) shows nothing itself: only a
      // change around it counts.
      // Nor does a transparent one (Semi's radios and checkboxes lay a transparent input over their box).
      const drawn = box.width > 1 && box.height > 1 && getComputedStyle(element).opacity !== '0';
      const visible = (drawn && hasOutline(element)) || look(element) !== before;
      if (!visible)
        unmarked.push(
          `${describe(element)} (${element.matches(':focus-visible') ? '' : 'not '}focus-visible)`,
        );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return unmarked;
  });
}

/** Each focusable control focused in turn: the focused one's box is never under something else. */
function coveredControls(page: Page): Promise<string[]> {
  return coveredOnFocus(
    page,
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
  );
}

/** Every control of the page that shows no focus, or is covered when focused: described. */
export async function focusProblems(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: NO_TRANSITIONS });
  // A key press first: a control focused after it matches :focus-visible, as for a keyboard user.
  await page.keyboard.press('Shift');
  const unmarked = await unmarkedControls(page);
  const covered = await coveredControls(page);
  return [
    ...unmarked.map((control) => `no visible focus: ${control}`),
    ...covered.map((control) => `covered: ${control}`),
  ];
}
