import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RealityCheck } from '@kometa/contracts';
import type { ApiResponse } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/api.browser.ts';

export const realityCheckKeys = { all: ['reality-check'] as const };

/** Asked at most a minute apart, and again the moment the next reminder falls due. */
export function nextPollMs(answer: ApiResponse<RealityCheck> | undefined, nowMs: number): number {
  const check = answer?.data;
  if (!check || check.due) return 60_000;
  return Math.min(60_000, Math.max(1_000, check.nextCheckAt * 1000 - nowMs + 500));
}

export const realityCheckQueryOptions = () =>
  queryOptions({
    queryKey: realityCheckKeys.all,
    queryFn: () => browserApi().get<RealityCheck>('/users/self/reality-check'),
    refetchInterval: (query) => nextPollMs(query.state.data, Date.now()),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** The player saw the reminder: the next one comes an interval later. */
export function useAcknowledgeRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => browserApi().post<RealityCheck>('/users/self/reality-check/acknowledge'),
    onSuccess: (answer) => queryClient.setQueryData(realityCheckKeys.all, answer),
  });
}
