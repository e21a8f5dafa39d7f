import { useMutation } from '@tanstack/react-query';
import type { TLarkAuthRequest } from '@portal/shared/contracts/auth';
import { auth } from '@portal/shared/endpoints/auth';
import { api } from '@/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

export const larkAuth = (body: TLarkAuthRequest) => api.call(auth.larkSignIn, {}, body, { auth: false });

export const useLarkAuth = () =>
  useMutation({ mutationFn: larkAuth, onSuccess: (pair) => startSession(pair) });
