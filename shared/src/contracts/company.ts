import { z } from 'zod';

/** GET /api/master/company/info — spec §3.7. */
export const ZCompanyInfo = z.object({
  name: z.string(),
  file_calendar: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;
