// Server state of a creative's QA (docs/builder.md, "Creative QA"): its last run, polled while it runs,
// and "Run again".
import { type CreativeQa, creativeQaCalls } from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';

const creativeQaApi = areaCalls(creativeQaCalls);

const qaKey = (creativeID: string) => ['creatives', creativeID, 'qa'] as const;

/** Polled every 3 s while a run is measuring (a run takes at most 30 s in Chromium). */
export const useCreativeQa = (creativeID: string) =>
  useQuery({
    queryKey: qaKey(creativeID),
    queryFn: () => creativeQaApi().getCreativeQa(creativeID),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 3000 : false),
  });

export function useRunCreativeQa(creativeID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => creativeQaApi().runCreativeQa(creativeID),
    onSuccess: (qa: CreativeQa) => queryClient.setQueryData(qaKey(creativeID), qa),
  });
}
