import { useMutation } from '@tanstack/react-query';
import { account } from '@portal/shared/endpoints/account';
import { api } from '@/lib/api-client.ts';

/** GET account/export/: one's own data as one zip (個人情報保護法 §33, issue 34). */
export const useExportMine = () => useMutation({ mutationFn: () => api.callFile(account.exportMine, {}) });
