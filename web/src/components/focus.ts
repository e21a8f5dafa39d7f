// Where focus goes when an action removes or adds what the user was on (issue 37): never the document.
import { useCallback, useEffect, useRef, useState } from 'react';

const FIELD = 'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea';

/** The first enabled field inside `container`, if any. */
export function firstField(container: Element | null | undefined): HTMLElement | undefined {
  return Array.from(container?.querySelectorAll<HTMLElement>(FIELD) ?? []).find(
    (element) => !(element as HTMLInputElement).disabled,
  );
}

/** Focuses the first enabled field inside `container`; false when it holds none. */
export function focusFirstField(container: HTMLElement): boolean {
  const field = firstField(container);
  field?.focus();
  return field !== undefined;
}

/**
 * `focusAfterRender(find)`: once React has drawn what the action changed, focuses what `find`
 * returns then (the control may not exist yet when the action ends, e.g. a button shown again).
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const find = pending.current;
    pending.current = null;
    find?.()?.focus();
  }, [request]);
  return useCallback((find: () => HTMLElement | null | undefined) => {
    pending.current = find;
    setRequest((n) => n + 1);
  }, []);
}
