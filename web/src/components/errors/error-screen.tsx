import type { ReactNode } from 'react';

interface ErrorScreenProps {
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The common frame of the not-found, server-error and chunk-error screens. */
export function ErrorScreen({ code, title, children, actions }: ErrorScreenProps) {
  return (
    <section className="error-screen" role="alert">
      {code ? <p className="error-screen__code">{code}</p> : null}
      <h2 className="error-screen__title">{title}</h2>
      {children ? <div className="error-screen__body">{children}</div> : null}
      {actions ? <div className="error-screen__actions">{actions}</div> : null}
    </section>
  );
}
