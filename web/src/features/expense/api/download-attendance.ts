import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { YearMonth } from '@/lib/month-param.ts';

/** Every employee's submitted or approved month in one .xlsx for payroll (expense.view_attendance). */
export const downloadAttendance = ({ year, month }: YearMonth) =>
  api.download(`/expense/attendance/year/${year}/month/${month}/`);

export const useDownloadAttendance = () => useMutation({ mutationFn: downloadAttendance });
