// The station master: GET stations/?q= searches it; importStationCsv loads the public 駅データ CSV
// layout (station.csv: station_cd, station_g_cd, station_name, …, line_cd, pref_cd, post, address,
// …, e_status; line.csv: line_cd, company_cd, line_name, …), which the administration downloads and
// imports. The demo imports a small sample of real Tokyo stations (seed/stations-sample.ts).
import { asc, ilike, or, sql } from 'drizzle-orm';
import type { TStation, TStationQuery } from '@portal/shared/contracts/commuting';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { csvRecords } from '../../files/csv.ts';
import { stations } from '../../db/schema/records.ts';

/** At most this many answers. */
export const STATION_SEARCH_LIMIT = 20;

/** Upserts the stations in service (e_status 0) of a 駅データ station.csv with the line names of line.csv. */
export async function importStationCsv(db: Db, stationCsv: string, lineCsv: string): Promise<number> {
  const lineNames = new Map(csvRecords(lineCsv).map((l) => [l.line_cd, l.line_name ?? '']));
  const values = csvRecords(stationCsv)
    .filter((s) => (s.e_status ?? '0') === '0' && /^\d+$/.test(s.station_cd ?? ''))
    .map((s) => ({
      code: Number(s.station_cd),
      groupCode: Number(s.station_g_cd || s.station_cd),
      name: s.station_name ?? '',
      lineCode: Number(s.line_cd),
      lineName: lineNames.get(s.line_cd ?? '') ?? '',
      prefCode: Number(s.pref_cd || 0),
      address: s.address ?? '',
    }));
  for (let i = 0; i < values.length; i += 500)
    await db
      .insert(stations)
      .values(values.slice(i, i + 500))
      .onConflictDoUpdate({
        target: stations.code,
        set: {
          groupCode: sql`excluded.group_code`,
          name: sql`excluded.name`,
          lineCode: sql`excluded.line_code`,
          lineName: sql`excluded.line_name`,
          prefCode: sql`excluded.pref_code`,
          address: sql`excluded.address`,
        },
      });
  return values.length;
}

/** Stations whose name starts with the query first, then those containing it; 駅 at the end ignored. */
export async function searchStations({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TStationQuery;
}): Promise<TStation[]> {
  const q = (input.q ?? '').normalize('NFKC').trim().replace(/駅$/, '');
  if (!q) return [];
  const like = q.replace(/[\\%_]/g, '\\$&');
  const found = await ctx.db
    .select()
    .from(stations)
    .where(or(ilike(stations.name, `%${like}%`), ilike(stations.lineName, `%${like}%`)))
    .orderBy(
      sql`case when ${stations.name} = ${q} then 0 when ${stations.name} like ${`${like}%`} then 1 else 2 end`,
      asc(stations.name),
      asc(stations.code),
    )
    .limit(STATION_SEARCH_LIMIT);
  return found.map((s) => ({ code: s.code, name: s.name, line_name: s.lineName, pref_code: s.prefCode }));
}
