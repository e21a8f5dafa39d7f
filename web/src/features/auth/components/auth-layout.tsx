import type { ReactNode } from 'react';
import { APP_NAME } from '@/config/page-titles.ts';

/** The centred card every sign-in screen sits in. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-layout">
      <div className="auth-card">
        <h1 className="auth-card__brand">{APP_NAME}</h1>
        {children}
      </div>
    </main>
  );
}
