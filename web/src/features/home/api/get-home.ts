import { useQuery } from '@tanstack/react-query';
import { home } from '@portal/shared/endpoints/home';
import { api } from '@/lib/api-client.ts';

export const getHome = () => api.call(home.get, {});

/** /home's cards: this month's attendance, paid leave, the next days off, the usual workflows. */
export const useHome = () => useQuery({ queryKey: ['home'], queryFn: getHome, staleTime: 60_000 });
