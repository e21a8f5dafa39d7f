// GET expense/payment-slip/?year=&month=&query= and expense/withholding/?year=&query= (issue 29): the
// current slips issued across employees, 10 a page, for HR (the expense permissions, declared on
// the endpoints), with their publication time and when their employee first opened them.
import { sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import { paymentSlipTitle, withholdingSlipTitle } from '@portal/shared/contracts/slips';
import type { TIssuedSlipRow } from '@portal/shared/contracts/uploads';
import type { RequestContext } from '../../context.ts';
import { queryRows } from '../../db/query-rows.ts';
import { pageOffset } from '../../pagination.ts';

export interface IssuedSlipInput {
  readonly document: 'payment' | 'withholding';
  readonly year?: number | undefined;
  readonly month?: number | undefined;
  readonly query?: string | undefined;
  readonly page: number;
}

interface Row {
  id: number;
  employee_id: number;
  code: string;
  last_name: string;
  first_name: string;
  year: number;
  month: number | null;
  kind: 'salary' | 'bonus' | null;
  issued_on: string;
  amount: number;
  upload_id: number | null;
  publish_at: Date | string;
  opened_at: Date | string | null;
}

export async function listIssuedSlips({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: IssuedSlipInput;
}): Promise<{ count: number; results: TIssuedSlipRow[] }> {
  const payment = input.document === 'payment';
  const from = payment
    ? sql`select id, employee_id, year, month, kind, issued_on, net_pay as amount, upload_id, created_at, opened_at
        from payment_slips where retired_at is null`
    : sql`select id, employee_id, year, null::int as month, null as kind, issued_on,
        (body->>'payment_amount')::int as amount, upload_id, created_at, opened_at
        from withholding_slips where retired_at is null`;
  const parts: SQL[] = [sql`true`];
  if (input.year !== undefined) parts.push(sql`s.year = ${input.year}`);
  if (payment && input.month !== undefined) parts.push(sql`s.month = ${input.month}`);
  const q = input.query?.normalize('NFKC').replace(/\s/g, '');
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    parts.push(sql`(e.code ilike ${like} or (e.last_name || e.first_name) ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const [total] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from (${from}) s join employees e on e.id = s.employee_id where ${where}`,
  );
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select s.id, s.employee_id, e.code, e.last_name, e.first_name, s.year, s.month, s.kind,
        s.issued_on::text as issued_on, s.amount, s.upload_id,
        coalesce(u.publish_at, s.created_at) as publish_at,
        s.opened_at
      from (${from}) s join employees e on e.id = s.employee_id
      left join slip_uploads u on u.id = s.upload_id
      where ${where}
      order by s.year desc, s.month desc nulls last, e.code, s.id
      limit ${PAGE_SIZE} offset ${pageOffset(input.page)}`,
  );
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      employee: { id: r.employee_id, code: r.code, name: `${r.last_name} ${r.first_name}` },
      year: r.year,
      month: r.month,
      title:
        payment && r.month !== null && r.kind !== null
          ? paymentSlipTitle({ year: r.year, month: r.month, kind: r.kind })
          : withholdingSlipTitle(r.year),
      issued_on: r.issued_on,
      amount: r.amount,
      upload_id: r.upload_id,
      publish_at: new Date(r.publish_at).toISOString(),
      opened_at: r.opened_at === null ? null : new Date(r.opened_at).toISOString(),
    })),
  };
}
