// Semi UI's few ARIA faults, repaired in one place for every screen (issue #20). Semi renders these
// itself, out of reach of props:
// - icons as role="img" with an empty or English (icon-name) label: the control around them carries the
//   name, so the icon is hidden from assistive technology;
// - a closed Select's aria-activedescendant naming an option that is not in the DOM (or empty);
// - a Select's combobox named 'selected' or '' over the label that aria-labelledby gives it;
// - English names written into the components rather than the locale ('Show password', 'Choose
//   date', 'Previous month', …): given in Japanese;
// - a Select that does not open with Space.
// A MutationObserver applies the repairs as nodes appear or these attributes change; a repair never
// changes what it watches into something it would repair again, so it settles at once.

/** Semi's hard-coded English names and their Japanese. */
export const JAPANESE_NAMES: Readonly<Record<string, string>> = {
  'Show password': 'パスワードを表示',
  'Hidden password': 'パスワードを隠す',
  'Choose date': '日付を選択',
  'Change date': '日付を変更',
  'Previous year': '前の年',
  'Previous month': '前の月',
  'Next month': '次の月',
  'Next year': '次の年',
  'Switch to date panel': '日付の選択に切り替え',
  'Switch to time panel': '時刻の選択に切り替え',
  'Clear range input value': '期間の入力を消去',
  Previous: '前のページ',
  Next: '次のページ',
  'Page size selector': '表示件数',
  Close: '閉じる',
  'Input group': '入力グループ',
  'Expand this row': 'この行を展開',
  'Filter data with this column': 'この列で絞り込む',
  'Use the input box to create an optional item': '入力した内容を選択肢に追加',
};

const WATCHED = ['aria-activedescendant', 'aria-label', 'aria-expanded'];

function repairIcon(icon: Element) {
  if (icon.getAttribute('aria-hidden') !== 'true') icon.setAttribute('aria-hidden', 'true');
}

function repairDescendant(element: Element) {
  const id = element.getAttribute('aria-activedescendant');
  if (id === null) return;
  // While a list is open its option may be drawn a moment after: only a closed one loses it.
  const expanded = element.closest('[aria-expanded]')?.getAttribute('aria-expanded') === 'true';
  if (id === '' || (!expanded && !document.getElementById(id)))
    element.removeAttribute('aria-activedescendant');
}

function repairLabel(element: Element) {
  const label = element.getAttribute('aria-label');
  if (label === null) return;
  const japanese = JAPANESE_NAMES[label];
  if (japanese) {
    element.setAttribute('aria-label', japanese);
    return;
  }
  // A Select's own 'selected' / '' yields to its aria-labelledby (or to nothing, never to English).
  if (element.getAttribute('role') === 'combobox' && (label === 'selected' || label === ''))
    element.removeAttribute('aria-label');
}

export function repair(root: ParentNode) {
  const all =
    root instanceof Element ? [root, ...root.querySelectorAll('*')] : [...root.querySelectorAll('*')];
  for (const element of all) {
    if (element.classList.contains('semi-icon')) repairIcon(element);
    if (element.hasAttribute('aria-activedescendant')) repairDescendant(element);
    if (element.hasAttribute('aria-label')) repairLabel(element);
  }
}

/** A closed Semi Select opens with Space, as a native select does. */
function openSelectOnSpace(event: KeyboardEvent) {
  if (event.key !== ' ' || !(event.target instanceof HTMLElement)) return;
  const target = event.target;
  if (target.getAttribute('role') !== 'combobox' || !target.classList.contains('semi-select')) return;
  if (target.getAttribute('aria-expanded') === 'true') return;
  event.preventDefault();
  target.click();
}

let started = false;

/** Starts the repairs for the whole document (once). */
export function startAriaRepair(): void {
  if (started || typeof MutationObserver === 'undefined') return;
  started = true;
  repair(document.body);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') {
        if (mutation.target instanceof Element) repair(mutation.target);
      } else for (const node of mutation.addedNodes) if (node instanceof Element) repair(node);
    }
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: WATCHED,
  });
  document.addEventListener('keydown', openSelectOnSpace, true);
}
