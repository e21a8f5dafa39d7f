import type { TCompanyInfo } from '@portal/shared/contracts/company';
import type { RequestContext } from '../../context.ts';
import { findCompanyName, listCalendarFiles } from './company.repository.ts';

/**
 * Spec §3.7. A stored calendar image travels as a data: URL, so the screen needs no second,
 * authenticated image request (an <img> cannot send the JWT header).
 */
export async function getCompanyInfo({ ctx }: { ctx: RequestContext }): Promise<TCompanyInfo> {
  const [name, files] = await Promise.all([findCompanyName(ctx.db), listCalendarFiles(ctx.db)]);
  return {
    name: name ?? '',
    file_calendar: files.map((file) => ({
      id: file.id,
      name: file.name,
      url:
        file.url ??
        (file.image && file.contentType
          ? `data:${file.contentType};base64,${file.image.toString('base64')}`
          : ''),
    })),
  };
}
