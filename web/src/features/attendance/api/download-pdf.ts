import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { YearMonth } from '@/lib/month-param.ts';

export type PdfSource = { kind: 'month'; month: YearMonth } | { kind: 'report'; taskId: number };

/** My month, or a report one may see, as PDF with Japanese text. */
export const downloadAttendancePdf = (source: PdfSource) =>
  api.download(
    source.kind === 'month'
      ? `/attendance/pdf/${source.month.year}/${source.month.month}/`
      : `/attendance/tasks/pdf/${source.taskId}/`,
  );

export const useDownloadAttendancePdf = () => useMutation({ mutationFn: downloadAttendancePdf });
