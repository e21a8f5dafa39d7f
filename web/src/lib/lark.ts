// Lark's H5 JS SDK, loaded only inside the Lark webview (the script URL and app id come from
// GET /api/auth/methods/). Sign-in needs no h5sdk.config signature: just an authorization code.
// JSAPIs may be called only once the SDK says it is ready (h5sdk.ready); requestAccess replaced
// requestAuthCode in Lark 6.9, and an older client answers it with errno 103 (lark.md).

interface LarkAuthCallbacks {
  success: (res: { code?: string }) => void;
  fail: (error: unknown) => void;
}

/** requestAccess's errno on a client older than 6.9, which knows only requestAuthCode. */
export const LARK_ERRNO_UNSUPPORTED = 103;

/** The parts of the SDK's `h5sdk` global we call. */
export interface LarkH5sdk {
  ready?: (callback: () => void) => void;
}

/** The parts of the SDK's `tt` global we call (Lark ≥ 6.9 has requestAccess; older only requestAuthCode). */
export interface LarkTt {
  requestAccess?: (options: { appID: string; scopeList: string[] } & LarkAuthCallbacks) => void;
  requestAuthCode?: (options: { appId: string } & LarkAuthCallbacks) => void;
}

declare global {
  interface Window {
    tt?: LarkTt;
    h5sdk?: LarkH5sdk;
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

/** Runs `fn` once the SDK is ready (at once when this SDK has no `ready`). */
function whenReady(fn: () => void): void {
  const ready = window.h5sdk?.ready;
  if (typeof ready === 'function') ready.call(window.h5sdk, fn);
  else fn();
}

const errnoOf = (error: unknown): number | null => {
  if (typeof error !== 'object' || error === null) return null;
  const { errno, errNo, errCode } = error as Record<string, unknown>;
  const value = errno ?? errNo ?? errCode;
  return typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : null;
};

/** A one-time authorization code for this app from the Lark client. */
export function requestLarkCode(appId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const success = (res: { code?: string }) =>
      res.code ? resolve(res.code) : reject(new Error('Lark returned no code'));
    const fail = (error: unknown) =>
      reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
    const legacy = () => {
      const tt = window.tt;
      if (tt?.requestAuthCode) tt.requestAuthCode({ appId, success, fail });
      else reject(new Error('Lark H5 SDK is not available'));
    };
    whenReady(() => {
      const tt = window.tt;
      if (!tt?.requestAccess) return legacy();
      tt.requestAccess({
        appID: appId,
        scopeList: [],
        success,
        fail: (error) => (errnoOf(error) === LARK_ERRNO_UNSUPPORTED ? legacy() : fail(error)),
      });
    });
  });
}
