import { useMutation } from '@tanstack/react-query';
import type { TTokenAuthRequest } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import { api } from '@/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

export const tokenAuth = (credentials: TTokenAuthRequest) =>
  api.call(auth.signIn, {}, credentials, { auth: false });

export const useTokenAuth = () =>
  useMutation({
    mutationFn: tokenAuth,
    onSuccess: (pair) => startSession(pair),
  });
