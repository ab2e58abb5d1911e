import { QueryClient } from '@tanstack/react-query';
import { ApiError, configureApiClient } from './api-client.ts';

/** Client errors (4xx) do not get better by retrying; network blips and 5xx get one more try. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Landing data is public and survives a sign-out; everything else belonged to the old session.
configureApiClient({
  onSessionEnd: () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'landing' }),
});
