// The Django REST page envelope: absolute `next`/`previous` links that keep the caller's filters.
import type { Request } from 'express';
import { PAGE_SIZE, type TPage } from '@portal/shared/contracts/pagination';

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
    return `${req.protocol}://${req.get('host') ?? 'localhost'}${req.baseUrl}${req.path}?${params.toString()}`;
  };
  return {
    count: page.count,
    next: page.number < lastPage ? link(page.number + 1) : null,
    previous: page.number > 1 ? link(Math.min(page.number - 1, lastPage)) : null,
    results: page.results,
  };
}
