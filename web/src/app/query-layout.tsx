import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '#lib/query-client.ts';

/**
 * Sign-in and the signed-in areas share one query cache. It wraps only those routes, so the
 * public pages never download TanStack Query (public JS budget, DESIGN §9).
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
