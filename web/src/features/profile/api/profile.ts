import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProfileUpdate } from '@portal/shared/contracts/profile';
import { records } from '@portal/shared/endpoints/records';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET employees/{id}/ */
export const useProfile = (employeeId: number | null) =>
  useQuery({
    queryKey: queryKeys.records.profile(employeeId ?? 0),
    queryFn: () => api.call(records.getProfile, { id: employeeId ?? 0 }),
    enabled: employeeId !== null,
  });

/** PATCH employees/{id}/ (the employee's own contact details and address). */
export const useUpdateProfile = (employeeId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileUpdate) => api.call(records.updateProfile, { id: employeeId }, body),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.records.profile(employeeId), profile),
  });
};

/** GET postal-codes/{code}/ */
export const lookupPostalCode = (code: string) => api.call(records.postalCode, { code });

/** PUT account/avatar/ with the image as base64; the account (top bar) and the profile refresh. */
export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.call(records.replaceAvatar, {}, { content }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
      ]),
  });
};
