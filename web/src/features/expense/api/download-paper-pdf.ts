import { slips } from '@portal/shared/endpoints/slips';
import { api } from '@/lib/api-client.ts';

/** One printable PDF of the upload's slips whose employees get paper. */
export const downloadPaperPdf = (id: number) => api.callFile(slips.uploadPaperPdf, { id });
