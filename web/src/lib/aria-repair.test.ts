import { describe, expect, it } from 'vitest';
import { repair } from './aria-repair.ts';

describe('repair', () => {
  it('hides icons, drops a closed select’s dangling active option and names Semi’s English in Japanese', () => {
    document.body.innerHTML = `
      <div id="root">
        <span class="semi-icon" role="img" aria-label=""></span>
        <div role="combobox" aria-expanded="false" aria-label="selected" aria-labelledby="l"
             aria-activedescendant="sel-option-0"></div>
        <button aria-label="Show password"></button>
        <div role="combobox" aria-expanded="true" aria-activedescendant="later-option-1"></div>
      </div>`;
    repair(document.body);
    expect(document.querySelector('.semi-icon')).toHaveAttribute('aria-hidden', 'true');
    const [closed, open] = document.querySelectorAll('[role="combobox"]');
    expect(closed).not.toHaveAttribute('aria-activedescendant');
    expect(closed).not.toHaveAttribute('aria-label');
    // An open list's option may be drawn a moment later: kept.
    expect(open).toHaveAttribute('aria-activedescendant', 'later-option-1');
    expect(document.querySelector('button')).toHaveAttribute('aria-label', 'パスワードを表示');
  });
});
