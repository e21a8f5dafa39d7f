import { useMutation } from '@tanstack/react-query';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';
import type { YearMonth } from '@/lib/month-param.ts';

export type PdfSource = { kind: 'month'; month: YearMonth } | { kind: 'report'; taskId: number };

/** My month, or a report one may see, as PDF with Japanese text. */
export const downloadAttendancePdf = (source: PdfSource) =>
  source.kind === 'month'
    ? api.callFile(attendance.monthPdf, source.month)
    : api.callFile(attendance.reportPdf, { id: source.taskId });

export const useDownloadAttendancePdf = () => useMutation({ mutationFn: downloadAttendancePdf });
