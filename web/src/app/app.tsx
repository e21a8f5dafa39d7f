import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { setNavigate } from '@/lib/navigation.ts';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
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
