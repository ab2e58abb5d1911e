import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminGeneralLogs,
  adminLogRetention,
  GENERAL_LOGS_PAGE_SIZE,
  LOG_ACTION_FILTERS,
  LOG_KINDS,
  updateLogRetention,
  type LogKind,
} from '@tollgate/contract/admin/logs';
import { call } from '#lib/api-client.ts';

const logsKey = ['admin', 'general-logs'] as const;
export const LOGS_PAGE_SIZE = GENERAL_LOGS_PAGE_SIZE;
/** The list's choice filters, as useListParams reads them from the URL ('all' is the kind's default). */
export const LOG_FILTERS = {
  kind: LOG_KINDS.filter((kind) => kind !== 'all'),
  action: Object.keys(LOG_ACTION_FILTERS),
};

export interface LogsQuery {
  page: number;
  kind: string;
  action: string;
  actor: string;
  target: string;
  from: string;
  to: string;
}

export function useGeneralLogs(query: LogsQuery) {
  return useQuery({
    queryKey: [...logsKey, 'list', query],
    queryFn: ({ signal }) =>
      call(adminGeneralLogs, {
        query: {
          page: query.page,
          size: LOGS_PAGE_SIZE,
          // Empty = any: left out, as the contract reads "absent".
          kind: (query.kind || 'all') as LogKind,
          action: query.action || undefined,
          actor: query.actor || undefined,
          target: query.target || undefined,
          from: query.from || undefined,
          to: query.to || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLogRetention() {
  return useQuery({
    queryKey: [...logsKey, 'retention'],
    queryFn: ({ signal }) => call(adminLogRetention, { signal }),
  });
}

export function useSaveLogRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => call(updateLogRetention, { body: { days } }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...logsKey, 'retention'], saved);
      // The change is itself a log entry: the list shows it at once.
      void queryClient.invalidateQueries({ queryKey: [...logsKey, 'list'] });
    },
  });
}
