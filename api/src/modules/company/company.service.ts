import type { TCalendarFile } from '@portal/shared/contracts/calendar';
import type { TCompanyInfo } from '@portal/shared/contracts/company';
import type { RequestContext } from '../../context.ts';
import { findCompanyName, listCalendarFiles } from './company.repository.ts';

/**
 * A calendar image for the screen. A stored image travels as a data: URL, so the screen needs no
 * second, authenticated image request (an <img> cannot send the JWT header).
 */
export function toCalendarFile(file: {
  id: number;
  name: string;
  url: string | null;
  image: Buffer | null;
  contentType: string | null;
}): TCalendarFile {
  return {
    id: file.id,
    name: file.name,
    url:
      file.url ??
      (file.image && file.contentType
        ? `data:${file.contentType};base64,${file.image.toString('base64')}`
        : ''),
  };
}

/** Spec §3.7. */
export async function getCompanyInfo({ ctx }: { ctx: RequestContext }): Promise<TCompanyInfo> {
  const [name, files] = await Promise.all([findCompanyName(ctx.db), listCalendarFiles(ctx.db)]);
  return { name: name ?? '', file_calendar: files.map(toCalendarFile) };
}
