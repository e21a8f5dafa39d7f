// Parsing at the boundary: handlers hand the request parts to these and use only what comes back.
// Express 5 makes req.query a getter; we never assign to it, we parse it.
import type { Request } from 'express';
import { z } from 'zod';
import { NotFound, ValidationError } from '../errors.ts';

// Schemas may be classic zod or zod/mini (the sign-in contract is mini to keep the sign-in page
// small): the top-level safeParse takes either.
export function parseBody<S extends z.core.$ZodType>(schema: S, req: Request): z.output<S> {
  return parseInput(schema, req.body);
}

/** A body a service parses itself, after its own checks; a body-less POST reads as `{}`. */
export function parseInput<S extends z.core.$ZodType>(schema: S, body: unknown): z.output<S> {
  // A body-less POST (no Content-Type) reaches us as undefined: treat it as an empty object.
  const result = z.safeParse(schema, body ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

export function parseQuery<S extends z.core.$ZodType>(schema: S, req: Request): z.output<S> {
  const result = z.safeParse(schema, req.query);
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
