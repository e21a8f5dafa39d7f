import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCasAuthRequest, ZCasTokenPair } from '@portal/shared/contracts/auth';
import { api } from '@/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

type TCasAuthRequest = z.infer<typeof ZCasAuthRequest>;
type TCasTokenPair = z.infer<typeof ZCasTokenPair>;

export const casAuth = (body: TCasAuthRequest) =>
  api.post<TCasTokenPair>('/cas-auth/', body, { auth: false });

export const useCasAuth = () => useMutation({ mutationFn: casAuth, onSuccess: (pair) => startSession(pair) });
