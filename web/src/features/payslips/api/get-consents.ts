import { queryOptions, useQuery } from '@tanstack/react-query';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET slip-consent/: my consent to electronic delivery, per document, as it stands today. */
export const getConsents = () => api.call(slips.myConsents, {});

export const useConsents = () =>
  useQuery(queryOptions({ queryKey: queryKeys.consents, queryFn: getConsents }));
