declare global {
  interface Window {
    tt?: unknown;
    h5sdk?: unknown;
  }
}

/** True inside the Lark (Feishu) app's webview, where signing out is Lark's business. */
export function isInLark(): boolean {
  if (typeof window === 'undefined') return false;
  return /Lark|Feishu/i.test(window.navigator.userAgent) || Boolean(window.tt && window.h5sdk);
}
