import type { ReactNode } from 'react';

/**
 * An inline message box. Sign-in screens use it instead of Semi's Banner, which brings Typography
 * and Tooltip along and would double the sign-in page's JavaScript.
 */
export function Alert({
  type = 'danger',
  children,
}: {
  type?: 'danger' | 'warning' | 'info';
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${type}`} role={type === 'info' ? 'status' : 'alert'}>
      {children}
    </div>
  );
}
