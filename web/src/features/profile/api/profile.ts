import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeProfile, TPostalAddress, TProfileUpdate } from '@portal/shared/contracts/profile';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET employees/{id}/ */
export const useProfile = (employeeId: number | null) =>
  useQuery({
    queryKey: queryKeys.records.profile(employeeId ?? 0),
    queryFn: () => api.get<TEmployeeProfile>(`/employees/${employeeId}/`),
    enabled: employeeId !== null,
  });

/** PATCH employees/{id}/ (the employee's own contact details and address). */
export const useUpdateProfile = (employeeId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileUpdate) => api.patch<TEmployeeProfile>(`/employees/${employeeId}/`, body),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.records.profile(employeeId), profile),
  });
};

/** GET postal-codes/{code}/ */
export const lookupPostalCode = (code: string) =>
  api.get<TPostalAddress[]>(`/postal-codes/${encodeURIComponent(code)}/`);

/** PUT account/avatar/ with the image as base64; the account (top bar) and the profile refresh. */
export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.put<{ avatar: string | null }>('/account/avatar/', { content }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
      ]),
  });
};
