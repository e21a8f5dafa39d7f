import { expect, test, type Page } from '@playwright/test';
import { coveredOnFocus } from './focus-checks.ts';
import { walkRoutes } from './route-walk.ts';

// Issue 37, acceptance 3 (WCAG 2.4.7, 2.4.11): on every route of the route table (route-walk.ts, the
// walk accessibility.spec.ts takes), at 1280 and 375 px, every control that takes focus shows that it
// has it, and is not covered when it does. Each control is focused after a key press (so
// :focus-visible applies, as for a keyboard user) and its look compared with its look unfocused: its
// own outline, box-shadow, border, background, colour or underline, or those of the three elements
// around it (Semi draws an input's focus on its wrapper). Transitions are switched off, so the
// focused look is read where it ends, not as it starts. Nothing is pressed but Shift.

interface Finding {
  url: string;
  who: string;
  problem: string;
}

const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Every focusable control of the page without a visible change when focused: described. */
function unmarkedControls(page: Page): Promise<string[]> {
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
    const describe = (node: Element) => {
      const label =
        node.getAttribute('aria-label') ??
        (node as HTMLInputElement).labels?.[0]?.textContent ??
        node.textContent ??
        '';
      const classes = typeof node.className === 'string' ? node.className.split(/\s+/)[0] : '';
      return `<${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${label.trim().slice(0, 30)}`;
    };
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

test.describe('focus indicators', () => {
  // The route walk of accessibility.spec.ts, with every control of each page focused twice.
  test.describe.configure({ timeout: 900_000 });

  test('every route: each focusable control shows focus and is not covered when focused', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const check = async (page: Page, who: string): Promise<Finding[]> => {
      const url = new URL(page.url()).pathname;
      await page.addStyleTag({ content: NO_TRANSITIONS });
      // A key press first: a control focused after it matches :focus-visible, as for a keyboard user.
      await page.keyboard.press('Shift');
      const unmarked = await unmarkedControls(page);
      const covered = await coveredControls(page);
      return [
        ...unmarked.map((control) => ({ url, who, problem: `no visible focus: ${control}` })),
        ...covered.map((control) => ({ url, who, problem: `covered: ${control}` })),
      ];
    };
    const { findings, checked, missed } = await walkRoutes({
      browser,
      baseURL: baseURL!,
      mobile: testInfo.project.name === 'mobile',
      check,
      onEnd: (found) =>
        testInfo.attach('findings', {
          body: JSON.stringify(found, null, 2),
          contentType: 'application/json',
        }),
    });
    expect(missed, 'routes no demo user could open').toEqual([]);
    expect(checked.size).toBeGreaterThan(30);
    expect(findings).toEqual([]);
  });
});
