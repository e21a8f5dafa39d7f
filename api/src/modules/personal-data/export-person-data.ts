// GET admin/people/{id}/export/: HR produce one employee's data as the zip the employee would get
// (with every current slip), and the export is written to the access log.
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { logExport } from '../access-log/log-access.ts';
import { personDataZip } from './person-data-zip.ts';

export async function exportPersonData({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  await ctx.require(PERM.viewEmployee);
  const zip = await personDataZip(ctx.db, input.id, { ownView: false });
  await logExport(ctx, { action: 'export', kind: 'person_export', recordId: input.id, subjects: [input.id] });
  return zip;
}
