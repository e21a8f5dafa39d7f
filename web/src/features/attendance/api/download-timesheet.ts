import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/**
 * A report's timesheet, name and base64 content: served to everyone who may see the report (the
 * task's attachment/{id}/download/ serves only those who may see the task).
 */
export const downloadTimesheet = (taskId: number) => api.call(attendance.timesheet, { id: taskId });
