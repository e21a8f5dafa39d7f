import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TUserState } from '@portal/shared/contracts/account';
import { SESSION_STORAGE_KEY } from './session-storage-key.ts';

export interface SessionTokens {
  access: string | null;
  refresh: string | null;
  sessionid: string | null;
}

interface SessionState extends SessionTokens {
  user: TUserState | null;
  /** The status of the last page-level server answer: 404 and 500 replace the page (spec §2.3). */
  serverStatus: number;
  serverMessage: string;
  /** Merges the given tokens; `undefined` keeps the stored value, `null` removes it. */
  setTokens: (tokens: Partial<SessionTokens>) => void;
  setUser: (user: TUserState | null) => void;
  setServerStatus: (status: number, message?: string) => void;
  clear: () => void;
}

const EMPTY_TOKENS: SessionTokens = { access: null, refresh: null, sessionid: null };

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...EMPTY_TOKENS,
      user: null,
      serverStatus: 200,
      serverMessage: '',
      setTokens: (tokens) =>
        set(Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== undefined))),
      setUser: (user) => set({ user }),
      setServerStatus: (serverStatus, serverMessage = '') =>
        set((state) =>
          state.serverStatus === serverStatus && state.serverMessage === serverMessage
            ? state
            : { serverStatus, serverMessage },
        ),
      clear: () => set({ ...EMPTY_TOKENS, user: null, serverStatus: 200, serverMessage: '' }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ access, refresh, sessionid }): SessionTokens => ({ access, refresh, sessionid }),
    },
  ),
);

export const hasAccessToken = () => Boolean(useSessionStore.getState().access);
