import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerPushToken, setPushTokenProvider } from './push-token.ts';

afterEach(() => setPushTokenProvider(null));

describe('push token registration', () => {
  it('does nothing without a provider', async () => {
    const send = vi.fn();
    await expect(registerPushToken(1, send)).resolves.toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends each new token once', async () => {
    let token = 'T1';
    setPushTokenProvider({ getToken: () => Promise.resolve(token), description: 'Lark Android' });
    const send = vi.fn(() => Promise.resolve());

    await expect(registerPushToken(1, send)).resolves.toBe(true);
    await expect(registerPushToken(1, send)).resolves.toBe(false);
    token = 'T2';
    await expect(registerPushToken(1, send)).resolves.toBe(true);

    expect(send.mock.calls).toEqual([
      [{ token: 'T1', description: 'Lark Android', user: 1 }],
      [{ token: 'T2', description: 'Lark Android', user: 1 }],
    ]);
  });

  it('tries again next time when sending failed', async () => {
    setPushTokenProvider({ getToken: () => Promise.resolve('T1'), description: '' });
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    await expect(registerPushToken(1, send)).rejects.toThrow('offline');
    await expect(registerPushToken(1, send)).resolves.toBe(true);
  });
});
