import { useMutation } from '@tanstack/react-query';
import type { TCasAuthRequest } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import { api } from '@/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

export const casAuth = (body: TCasAuthRequest) => api.call(auth.casSignIn, {}, body, { auth: false });

export const useCasAuth = () => useMutation({ mutationFn: casAuth, onSuccess: (pair) => startSession(pair) });
