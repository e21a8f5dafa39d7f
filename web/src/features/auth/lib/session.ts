import { setSignedOut } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useSessionStore } from '@/stores/session-store.ts';

interface IssuedTokens {
  access: string;
  refresh?: string | null | undefined;
  sessionid?: string | null | undefined;
}

/** Stores freshly issued tokens (spec §4.1), dropping anything a previous user left behind. */
export function startSession({ access, refresh, sessionid }: IssuedTokens): void {
  queryClient.clear();
  setSignedOut(false);
  const session = useSessionStore.getState();
  session.setUser(null);
  session.setTokens({ access, refresh: refresh ?? null, sessionid: sessionid ?? null });
}

export function endLocalSession(): void {
  useSessionStore.getState().clear();
  queryClient.clear();
}
