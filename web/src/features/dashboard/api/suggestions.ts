import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendSuggestion, suggestionsAllowed } from '@tollgate/contract/suggestions/suggestions';
import { call } from '#lib/api-client.ts';

const allowedKey = ['public', 'suggestions', 'allowed'] as const;

export function useSuggestionsAllowed() {
  return useQuery({
    queryKey: allowedKey,
    queryFn: ({ signal }) => call(suggestionsAllowed, { signal }),
  });
}

export function useSendSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestion: string) => call(sendSuggestion, { body: { suggestion } }),
    // Sent or refused as a second one today: either way the box may have closed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: allowedKey }),
  });
}
