import type { ReactNode } from 'react';

interface ErrorScreenProps {
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** The common frame of the not-found, forbidden, server-error and chunk-error screens. */
export function ErrorScreen({ code, title, children, actions, testId }: ErrorScreenProps) {
  return (
    <section className="error-screen" role="alert" data-testid={testId}>
      {code ? <p className="error-screen__code">{code}</p> : null}
      <h2 className="error-screen__title">{title}</h2>
      {children ? <div className="error-screen__body">{children}</div> : null}
      {actions ? <div className="error-screen__actions">{actions}</div> : null}
    </section>
  );
}
