// Issue 36, acceptance 5: with a stand-in for Lark's H5 SDK, requestAccess runs only inside
// h5sdk.ready, and a client older than 6.9 (errno 103) is asked with requestAuthCode instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARK_ERRNO_UNSUPPORTED, requestLarkCode, type LarkTt } from './lark.ts';

type Callbacks = { success: (res: { code?: string }) => void; fail: (error: unknown) => void };

/** A stand-in SDK whose ready callbacks run when the test says so. */
function standIn(tt: LarkTt) {
  const waiting: (() => void)[] = [];
  window.h5sdk = { ready: (fn) => void waiting.push(fn) };
  window.tt = tt;
  return {
    fireReady: () => waiting.splice(0).forEach((fn) => fn()),
  };
}

afterEach(() => {
  delete window.tt;
  delete window.h5sdk;
});

describe('requestLarkCode', () => {
  it('calls requestAccess with the app id only once the SDK is ready, and resolves its code', async () => {
    const requestAccess = vi.fn((options: { appID: string } & Callbacks) =>
      options.success({ code: `code-for-${options.appID}` }),
    );
    const sdk = standIn({ requestAccess });
    const code = requestLarkCode('cli_app');
    await Promise.resolve();
    expect(requestAccess).not.toHaveBeenCalled();
    sdk.fireReady();
    await expect(code).resolves.toBe('code-for-cli_app');
    expect(requestAccess).toHaveBeenCalledTimes(1);
    expect(requestAccess.mock.calls[0]![0]).toMatchObject({ appID: 'cli_app', scopeList: [] });
  });

  it('falls back to requestAuthCode when requestAccess answers errno 103 (Lark older than 6.9)', async () => {
    const requestAccess = vi.fn((options: Callbacks) =>
      options.fail({ errno: LARK_ERRNO_UNSUPPORTED, errString: 'not supported' }),
    );
    const requestAuthCode = vi.fn((options: { appId: string } & Callbacks) =>
      options.success({ code: `old-${options.appId}` }),
    );
    const sdk = standIn({ requestAccess, requestAuthCode });
    const code = requestLarkCode('cli_app');
    sdk.fireReady();
    await expect(code).resolves.toBe('old-cli_app');
    expect(requestAccess).toHaveBeenCalledTimes(1);
    expect(requestAuthCode.mock.calls[0]![0]).toMatchObject({ appId: 'cli_app' });
  });

  it('does not fall back on any other refusal: the user declined', async () => {
    const requestAuthCode = vi.fn();
    const sdk = standIn({
      requestAccess: (options: Callbacks) => options.fail({ errno: 2700002, errString: 'user cancelled' }),
      requestAuthCode,
    });
    const code = requestLarkCode('cli_app');
    sdk.fireReady();
    await expect(code).rejects.toThrow('user cancelled');
    expect(requestAuthCode).not.toHaveBeenCalled();
  });

  it('uses requestAuthCode inside ready when the client has no requestAccess', async () => {
    const requestAuthCode = vi.fn((options: Callbacks) => options.success({ code: 'legacy' }));
    const sdk = standIn({ requestAuthCode });
    const code = requestLarkCode('cli_app');
    await Promise.resolve();
    expect(requestAuthCode).not.toHaveBeenCalled();
    sdk.fireReady();
    await expect(code).resolves.toBe('legacy');
  });
});
