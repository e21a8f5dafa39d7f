// A digest of whole tables, to tell that a refused request wrote nothing: equal before and after.
import { sql } from 'drizzle-orm';
import type { TestContext } from './test-context.ts';

export async function tableDigest(t: TestContext, tables: readonly string[]): Promise<string> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}
