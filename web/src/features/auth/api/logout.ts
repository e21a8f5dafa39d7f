import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { TLogoutRequest } from '@portal/shared/contracts/auth';
import { PATHS } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import { endLocalSession } from '../lib/session.ts';

export const logout = (body: TLogoutRequest) => api.post<unknown>('/account/logout/', body);

/** Revokes the refresh token on the server, then forgets everything and goes to sign in. */
export const useLogout = () => {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (refresh: string | null) => logout(refresh ? { refresh } : {}),
    onSettled: () => {
      endLocalSession();
      navigate(PATHS.login, { replace: true });
    },
  });
};
