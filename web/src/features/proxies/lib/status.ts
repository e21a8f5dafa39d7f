import type { TProxy } from '@portal/shared/contracts/proxies';

export type ProxyStatus = 'active' | 'upcoming' | 'ended';

export const PROXY_STATUS_LABELS: Record<ProxyStatus, string> = {
  active: '有効',
  upcoming: '開始前',
  ended: '終了',
};

/** Where today (YYYY-MM-DD, Asia/Tokyo on the server) lies relative to the proxy's period. */
export function proxyStatus(proxy: Pick<TProxy, 'is_active' | 'start_date'>, today: string): ProxyStatus {
  if (proxy.is_active) return 'active';
  return proxy.start_date > today ? 'upcoming' : 'ended';
}
