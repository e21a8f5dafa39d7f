// Push registration (spec §7.7): the device token is sent to the server once per new token. No
// provider exists in the browser build today; a Lark or FCM bridge registers one with
// setPushTokenProvider and the shell sends whatever token it reports.
export interface PushTokenProvider {
  /** The device's current push token, or null when push is unavailable or refused. */
  getToken: () => Promise<string | null>;
  /** Shown to the user in the server's device list, e.g. "Lark iOS". */
  description: string;
}

export interface PushDeviceRegistration {
  token: string;
  description: string;
  user: number;
}

export const PUSH_TOKEN_STORAGE_KEY = 'portal-push-token';
const PROVIDER_TIMEOUT_MS = 5_000;

let provider: PushTokenProvider | null = null;

export function setPushTokenProvider(next: PushTokenProvider | null): void {
  provider = next;
}

/** Whether a bridge can give a push token: without one there is nothing to register. */
export const hasPushTokenProvider = (): boolean => provider !== null;

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Sends the provider's token when it differs from the one last sent from this browser.
 * Resolves to whether a registration was sent.
 */
export async function registerPushToken(
  userId: number,
  send: (registration: PushDeviceRegistration) => Promise<unknown>,
): Promise<boolean> {
  if (!provider) return false;
  const token = await withTimeout(provider.getToken(), PROVIDER_TIMEOUT_MS, null);
  if (!token) return false;
  const remembered = `${userId}:${token}`;
  if (localStorage.getItem(PUSH_TOKEN_STORAGE_KEY) === remembered) return false;
  await send({ token, description: provider.description, user: userId });
  localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, remembered);
  return true;
}
