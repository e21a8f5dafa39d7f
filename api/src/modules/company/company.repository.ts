import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyCalendarFiles, companyInfo } from '../../db/schema/company.ts';

export async function findCompanyName(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ name: companyInfo.name })
    .from(companyInfo)
    .where(eq(companyInfo.id, 1))
    .limit(1);
  return row?.name ?? null;
}

export function listCalendarFiles(db: Db) {
  return db
    .select({
      id: companyCalendarFiles.id,
      name: companyCalendarFiles.name,
      url: companyCalendarFiles.url,
      image: companyCalendarFiles.image,
      contentType: companyCalendarFiles.contentType,
    })
    .from(companyCalendarFiles)
    .orderBy(asc(companyCalendarFiles.sortOrder), asc(companyCalendarFiles.id));
}
