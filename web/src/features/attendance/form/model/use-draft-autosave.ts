import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveAttendanceDraft } from '../../api/save-attendance-draft.ts';
import { snapshotOf, type EntryStore } from './entry-store.ts';
import { removeLocalDraft, writeLocalDraft } from './local-draft.ts';
import { draftBody } from './month-data.ts';

/** Quiet time after the last edit before the draft goes to the server. */
export const SERVER_SAVE_DELAY_MS = 2500;
/** The browser copy is written soon after an edit, but never inside the keystroke itself. */
const LOCAL_SAVE_DELAY_MS = 250;

/**
 * 'saved': the server has what is on screen; 'pending': edits not yet sent; 'saving'; 'local': the
 * server refused the input as it stands (a half-typed time), so only this browser holds it; 'closed':
 * the server answered that the month can no longer change (submitted from elsewhere): nothing more is
 * sent, and the server's month is the one to read.
 */
export type DraftStatus = 'saved' | 'pending' | 'saving' | 'local' | 'closed';

interface Options {
  store: EntryStore;
  localKey: string;
  /** false once the month is submitted or approved: nothing is saved any more. */
  editable: boolean;
  /** The server copy is older than what the store starts with (a restored browser copy). */
  startsUnsaved: boolean;
}

/**
 * Keeps a month's input safe while it is typed: a browser copy after every edit, the server draft
 * after a pause, and both once more when the page is hidden or left (a phone's webview closing).
 */
export function useDraftAutosave({ store, localKey, editable, startsUnsaved }: Options) {
  // mutateAsync is the observer's bound method: the same function on every render.
  const { mutateAsync } = useSaveAttendanceDraft();
  const [status, setStatus] = useState<DraftStatus>(startsUnsaved ? 'pending' : 'saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const savedRevision = useRef(startsUnsaved ? -1 : store.getState().revision);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const timers = useRef<{ local?: number; server?: number }>({});

  /** Set once the month is submitted: from then on the server's report is the only copy. */
  const closed = useRef(false);
  /**
   * Set while a submission is under way: the submission carries the month itself, so no draft save
   * may start beside it (the two take the same month lock, and a save landing after the submission
   * is refused with 409).
   */
  const submitting = useRef(false);

  const writeLocal = useCallback(() => {
    window.clearTimeout(timers.current.local);
    if (closed.current || store.getState().revision === savedRevision.current) return;
    writeLocalDraft(localKey, snapshotOf(store.getState()));
  }, [store, localKey]);

  /** Sends what is on screen; resolves to the saved month, or throws the API's refusal. */
  const saveNow = useCallback(async () => {
    window.clearTimeout(timers.current.server);
    writeLocal();
    const state = store.getState();
    const revision = state.revision;
    setStatus('saving');
    const request = mutateAsync({
      year: state.year,
      month: state.month,
      body: draftBody(snapshotOf(state)),
    });
    inFlight.current = request;
    try {
      const saved = await request;
      savedRevision.current = revision;
      setSavedAt(new Date());
      if (store.getState().revision === revision) {
        removeLocalDraft(localKey);
        setStatus('saved');
      } else {
        setStatus('pending');
      }
      return saved;
    } catch (error) {
      if (isApiError(error, 409)) {
        // The server's month is no longer a draft (submitted in another tab or device): it wins.
        closed.current = true;
        window.clearTimeout(timers.current.server);
        setStatus('closed');
      } else {
        setStatus(isApiError(error, 400) ? 'local' : 'pending');
      }
      throw error;
    } finally {
      if (inFlight.current === request) inFlight.current = null;
    }
  }, [mutateAsync, store, localKey, writeLocal]);

  const scheduleServerSave = useCallback(() => {
    window.clearTimeout(timers.current.server);
    timers.current.server = window.setTimeout(() => {
      if (closed.current || submitting.current) return;
      // A refusal here is shown by the status line; the cells show errors of explicit saves only.
      void saveNow().catch(() => undefined);
    }, SERVER_SAVE_DELAY_MS);
  }, [saveNow]);

  useEffect(() => {
    if (!editable) return undefined;
    const pending = timers.current;
    const unsubscribe = store.subscribe((state, previous) => {
      if (closed.current || state.revision === previous.revision) return;
      setStatus((current) => (current === 'saving' ? current : 'pending'));
      window.clearTimeout(pending.local);
      pending.local = window.setTimeout(writeLocal, LOCAL_SAVE_DELAY_MS);
      if (!submitting.current) scheduleServerSave();
    });
    const flush = () => {
      if (document.visibilityState === 'hidden') writeLocal();
    };
    document.addEventListener('visibilitychange', flush);
    window.addEventListener('pagehide', writeLocal);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', flush);
      window.removeEventListener('pagehide', writeLocal);
      window.clearTimeout(pending.server);
      // Leaving the month (another month, another page): keep the copy, and send it if unsent.
      writeLocal();
      if (
        !closed.current &&
        !submitting.current &&
        store.getState().revision !== savedRevision.current &&
        !inFlight.current
      ) {
        void saveNow().catch(() => undefined);
      }
    };
  }, [editable, store, writeLocal, saveNow, scheduleServerSave]);

  /**
   * Before a submission: no draft save is waiting or running once this resolves, and none starts
   * until endSubmit (a failed submission) — the submission itself stores the draft.
   */
  const beginSubmit = useCallback(async () => {
    submitting.current = true;
    window.clearTimeout(timers.current.server);
    writeLocal();
    const running = inFlight.current;
    if (running) await running.catch(() => undefined);
  }, [writeLocal]);

  /** After a refused submission: the draft is kept again, starting with what is unsaved. */
  const endSubmit = useCallback(() => {
    submitting.current = false;
    if (!closed.current && store.getState().revision !== savedRevision.current) scheduleServerSave();
  }, [store, scheduleServerSave]);

  /** After a submission: stop saving and forget the browser copy. */
  const close = useCallback(() => {
    closed.current = true;
    submitting.current = false;
    window.clearTimeout(timers.current.local);
    window.clearTimeout(timers.current.server);
    removeLocalDraft(localKey);
  }, [localKey]);

  return { status, savedAt, saveNow, close, beginSubmit, endSubmit };
}
