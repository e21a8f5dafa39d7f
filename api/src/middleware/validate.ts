// Parsing at the boundary: handlers hand the request parts to these and use only what comes back.
// Express 5 makes req.query a getter; we never assign to it, we parse it.
import type { Request } from 'express';
import type { z } from 'zod';
import { NotFound, ValidationError } from '../errors.ts';

export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  // A body-less POST (no Content-Type) reaches us as undefined: treat it as an empty object.
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/**
 * A numeric id from the path. Anything else names no resource, so it is a 404, as the Django URL
 * patterns (`<int:pk>`) the web was written against answer.
 */
export function parseId(value: string | string[] | undefined): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) throw new NotFound();
  const id = Number(value);
  if (id > 2_147_483_647) throw new NotFound();
  return id;
}
