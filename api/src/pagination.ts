// The Django REST page envelope: `next`/`previous` links that keep the caller's filters. They are
// absolute under PUBLIC_URL when it is set, else relative: never built from the request's Host
// header, which the client chooses (a forged Host would put the attacker's address in the links).
import type { Express, Request } from 'express';
import { PAGE_SIZE, type TPage } from '@portal/shared/contracts/pagination';

const PUBLIC_URL = 'portal public url';

/** Called once by createApp: where the links of every page envelope point. */
export function setPublicUrl(app: Express, publicUrl: string | undefined): void {
  app.set(PUBLIC_URL, publicUrl);
}

function publicUrlOf(req: Request): string | undefined {
  const value: unknown = req.app.get(PUBLIC_URL);
  return typeof value === 'string' ? value : undefined;
}

export function pageOffset(page: number): number {
  return (page - 1) * PAGE_SIZE;
}

export function pageEnvelope<T>(
  req: Request,
  page: { number: number; count: number; results: T[]; filters: Record<string, string | undefined> },
): TPage<T> {
  const lastPage = Math.max(1, Math.ceil(page.count / PAGE_SIZE));
  const link = (n: number): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(page.filters)) if (value !== undefined) params.set(key, value);
    params.set('page', String(n));
    const origin = publicUrlOf(req)?.replace(/\/+$/, '') ?? '';
    return `${origin}${req.baseUrl}${req.path}?${params.toString()}`;
  };
  return {
    count: page.count,
    next: page.number < lastPage ? link(page.number + 1) : null,
    previous: page.number > 1 ? link(Math.min(page.number - 1, lastPage)) : null,
    results: page.results,
  };
}
