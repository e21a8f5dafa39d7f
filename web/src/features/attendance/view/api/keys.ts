import type { QueryClient } from '@tanstack/react-query';

export const ATTENDANCE_KEY = ['attendance'] as const;

export const detailsKey = (taskId: number) => [...ATTENDANCE_KEY, 'details', taskId] as const;

/** After a correction: the report's every version and the lists that show its figures. */
export const invalidateAfterCorrection = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY });
