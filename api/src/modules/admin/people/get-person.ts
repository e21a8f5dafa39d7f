// GET admin/people/{id}/: the person with their contracts, positions and what the caller may do.
import type { RequestContext } from '../../../context.ts';
import { findPerson } from './find-person.ts';

export async function getPerson({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  return findPerson(ctx.db, input.id, ctx);
}
