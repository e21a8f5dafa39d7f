import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setNavigate } from '@/lib/navigation.ts';
import { AppProvider } from './provider.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  useEffect(() => {
    setNavigate((to, options) => void router.navigate(to, options));
    return () => setNavigate(null);
  }, [router]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
