import { useMutation } from '@tanstack/react-query';
import type { TTokenAuthRequest, TTokenPair } from '@portal/shared/contracts/auth';
import { api } from '@/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

export const tokenAuth = (credentials: TTokenAuthRequest) =>
  api.post<TTokenPair>('/token-auth/', credentials, { auth: false });

export const useTokenAuth = () =>
  useMutation({
    mutationFn: tokenAuth,
    onSuccess: (pair) => startSession(pair),
  });
