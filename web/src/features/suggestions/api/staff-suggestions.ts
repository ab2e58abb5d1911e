import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSuggestions, deleteSuggestion, SUGGESTIONS_PAGE_SIZE } from '@tollgate/contract/suggestions/suggestions';
import { call } from '#lib/api-client.ts';

const suggestionsKey = ['staff', 'suggestions'] as const;

export function useStaffSuggestions({ page, search }: { page: number; search: string }) {
  return useQuery({
    queryKey: [...suggestionsKey, { page, search }],
    queryFn: ({ signal }) =>
      call(adminSuggestions, {
        query: { page, size: SUGGESTIONS_PAGE_SIZE, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Deletes one suggestion; the list is read again whether or not it was still there. */
export function useDeleteSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionId: string) => call(deleteSuggestion, { params: { suggestionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suggestionsKey }),
  });
}
