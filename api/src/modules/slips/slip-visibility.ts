// When an employee sees a slip of their own (issue 29): from its upload's publication time, unless
// the upload was withdrawn, and while it is current, or was corrected by a slip not published yet
// (the earlier one stays in view until the correction's time). Slips written before uploads (no
// upload) are seen at once. HR (the expense permissions) see every current slip, published or not.
import { sql, type SQL } from 'drizzle-orm';
import type { withholdingSlips } from '../../db/schema/slips.ts';
import { paymentSlips } from '../../db/schema/slips.ts';

type SlipTable = typeof paymentSlips | typeof withholdingSlips;

function tableName(table: SlipTable): SQL {
  return table === paymentSlips ? sql.raw('payment_slips') : sql.raw('withholding_slips');
}

/** A published upload, not withdrawn (null: no upload). */
function published(uploadId: SQL | SlipTable['uploadId']): SQL {
  return sql`(${uploadId} is null or exists (select 1 from slip_uploads su where su.id = ${uploadId}
    and su.publish_at <= now() and su.withdrawn_at is null))`;
}

/** The condition on `table`'s row that its employee sees it now. */
export function visibleToEmployee(table: SlipTable): SQL {
  const name = tableName(table);
  return sql`(${published(table.uploadId)} and (${table.retiredAt} is null or exists (
    select 1 from ${name} nx join slip_uploads nu on nu.id = nx.upload_id
    where nx.id = ${table.supersededBy} and nx.retired_at is null
      and nu.publish_at > now() and nu.withdrawn_at is null)))`;
}
