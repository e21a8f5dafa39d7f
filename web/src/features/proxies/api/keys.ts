/** Every proxy list and detail lives under this key. */
export const PROXIES_KEY = ['proxies'] as const;
