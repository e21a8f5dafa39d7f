import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { TLogoutRequest } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import { PATHS } from '@/config/paths.ts';
import { api, setSignedOut } from '@/lib/api-client.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { endLocalSession } from '../lib/session.ts';

export const logout = (body: TLogoutRequest) => api.call(auth.logout, {}, body, { signingOut: true });

/** After a CAS sign-in: ends the session here and names the CAS logout page (spec §4.1). */
export const casLogout = (body: TLogoutRequest) => api.call(auth.casLogout, {}, body, { signingOut: true });

/**
 * Revokes the session on the server, then forgets everything and goes to sign in — or, after a CAS
 * sign-in (a session id is stored), to the CAS logout page the server names.
 */
export const useLogout = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (refresh: string | null): Promise<string | null> => {
      // From here on nothing else is asked with this session's tokens (see setSignedOut).
      setSignedOut(true);
      const body = refresh ? { refresh } : {};
      if (!useSessionStore.getState().sessionid) {
        await logout(body);
        return null;
      }
      return (await casLogout(body)).redirect_url ?? null;
    },
    onSettled: (redirect) => {
      endLocalSession();
      if (redirect) window.location.assign(redirect);
      else navigate(PATHS.login, { replace: true });
    },
  });
};
