import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** The attachment's name and base64 content (spec §7.7). Only people who may see the task get it. */
export const downloadAttachment = (attachmentId: number) => api.call(tasks.attachment, { id: attachmentId });
