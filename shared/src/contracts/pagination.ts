import { z } from 'zod';
import { PAGE_SIZE } from '../limits.ts';

/** `?page=N`, 1-based, 10 rows a page (spec §9). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** The Django REST list envelope. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface TPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export { PAGE_SIZE };
