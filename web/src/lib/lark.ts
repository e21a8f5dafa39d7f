// Lark's H5 JS SDK, loaded only inside the Lark webview (the script URL and app id come from
// GET /api/auth/methods/). Sign-in needs no h5sdk.config signature: just an authorization code.

interface LarkAuthCallbacks {
  success: (res: { code?: string }) => void;
  fail: (error: unknown) => void;
}

/** The parts of the SDK's `tt` global we call (Lark ≥ 6.9 has requestAccess; older only requestAuthCode). */
export interface LarkTt {
  requestAccess?: (options: { appID: string; scopeList: string[] } & LarkAuthCallbacks) => void;
  requestAuthCode?: (options: { appId: string } & LarkAuthCallbacks) => void;
}

declare global {
  interface Window {
    tt?: LarkTt;
    h5sdk?: unknown;
  }
}

/** True inside the Lark (Feishu) app's webview, where signing out is Lark's business. */
export function isInLark(): boolean {
  if (typeof window === 'undefined') return false;
  return /Lark|Feishu/i.test(window.navigator.userAgent) || Boolean(window.tt && window.h5sdk);
}

let loading: Promise<void> | null = null;

/** Adds the SDK's script once; resolves when it has run (or at once when `tt` is already there). */
export function loadLarkSdk(url: string): Promise<void> {
  if (window.tt) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error(`could not load ${url}`));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A one-time authorization code for this app from the Lark client. */
export function requestLarkCode(appId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const tt = window.tt;
    const callbacks: LarkAuthCallbacks = {
      success: (res) => (res.code ? resolve(res.code) : reject(new Error('Lark returned no code'))),
      fail: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
    };
    if (tt?.requestAccess) tt.requestAccess({ appID: appId, scopeList: [], ...callbacks });
    else if (tt?.requestAuthCode) tt.requestAuthCode({ appId, ...callbacks });
    else reject(new Error('Lark H5 SDK is not available'));
  });
}
