import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TTokenPair, ZLarkAuthRequest } from '@portal/shared/contracts/auth';
import { api } from '@/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

type TLarkAuthRequest = z.infer<typeof ZLarkAuthRequest>;

export const larkAuth = (body: TLarkAuthRequest) =>
  api.post<TTokenPair & { sessionid?: string }>('/lark-auth/', body, { auth: false });

export const useLarkAuth = () =>
  useMutation({ mutationFn: larkAuth, onSuccess: (pair) => startSession(pair) });
