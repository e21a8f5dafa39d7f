// Where focus goes when an action removes or adds what the user was on (issue 37): never the document.

const FIELD = 'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea';

/** Focuses the first enabled field inside `container`; false when it holds none. */
export function focusFirstField(container: HTMLElement): boolean {
  const field = Array.from(container.querySelectorAll<HTMLElement>(FIELD)).find(
    (element) => !(element as HTMLInputElement).disabled,
  );
  field?.focus();
  return field !== undefined;
}
