import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { EntryState, EntryStore } from './entry-store.ts';

const EntryStoreContext = createContext<EntryStore | null>(null);

export function EntryStoreProvider({ store, children }: { store: EntryStore; children: ReactNode }) {
  return <EntryStoreContext.Provider value={store}>{children}</EntryStoreContext.Provider>;
}

export function useEntryStore(): EntryStore {
  const store = useContext(EntryStoreContext);
  if (!store) throw new Error('useEntryStore outside EntryStoreProvider');
  return store;
}

/** A slice of the form's state; the component re-renders only when the slice changes. */
export function useEntry<T>(selector: (state: EntryState) => T): T {
  return useStore(useEntryStore(), selector);
}
