// GET admin/people/{id}/: the person with their contracts, positions and what the caller may do.
import type { RequestContext } from '../../../context.ts';
import { findPerson } from './find-person.ts';
import { logRead } from '../../access-log/log-access.ts';

export async function getPerson({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  const person = await findPerson(ctx.db, input.id, ctx);
  await logRead(ctx, { action: 'view', kind: 'profile', recordId: input.id, subject: input.id });
  return person;
}
