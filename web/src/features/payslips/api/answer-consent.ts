import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConsentAnswer, TConsentDocument } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** PUT slip-consent/{document}/: my answer (同意, 不同意, 書面交付希望). */
export const answerConsent = ({ document, status }: { document: TConsentDocument } & TConsentAnswer) =>
  api.call(slips.answerConsent, { document }, { status });

export const useAnswerConsent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerConsent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.consents }),
  });
};
