import { useMutation } from '@tanstack/react-query';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';
import type { YearMonth } from '@/lib/month-param.ts';

/** Every employee's submitted or approved month in one .xlsx for payroll (expense.view_attendance). */
export const downloadAttendance = (month: YearMonth) => api.callFile(attendance.payrollXlsx, month);

export const useDownloadAttendance = () => useMutation({ mutationFn: downloadAttendance });
