import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCampaign,
  adminCampaigns,
  campaignAudience,
  campaignPreview,
  campaignRecipients,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  sendCampaign,
  testCampaign,
  updateCampaign,
  CAMPAIGN_STATUSES,
  RECIPIENT_STATUSES,
  type Audience,
  type CampaignDraft,
  type CampaignProgress,
  type CampaignStatus,
  type RecipientStatus,
} from '@tollgate/contract/admin/mail-sender';
import { call } from '#lib/api-client.ts';

export const CAMPAIGNS_PAGE_SIZE = 20;
export const RECIPIENTS_PAGE_SIZE = 20;
export const CAMPAIGN_FILTERS = { status: CAMPAIGN_STATUSES };
export { RECIPIENT_STATUSES };
/** While a campaign is being sent, its progress is read again this often. */
const POLL_MS = 2_000;
const key = ['admin', 'mail-sender'] as const;

export function useCampaigns(query: { page: number; search: string; status: CampaignStatus | '' }) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) =>
      call(adminCampaigns, {
        query: {
          page: query.page,
          size: CAMPAIGNS_PAGE_SIZE,
          search: query.search || undefined,
          status: query.status || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((c) => c.status === 'sending') ? POLL_MS : false),
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => call(adminCampaign, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? POLL_MS : false),
  });
}

/**
 * One page of a campaign's recipients, read again every time the campaign's counts change: the
 * rows then say what the progress bar says, also after the last poll that saw the campaign going out.
 */
export function useCampaignRecipients(
  id: string,
  query: { page: number; search: string; status: RecipientStatus | '' },
  campaign: { live: boolean; progress: CampaignProgress },
) {
  const { live, progress } = campaign;
  const counts = [progress.total, progress.queued, progress.sent, progress.failed, progress.skipped];
  return useQuery({
    queryKey: [...key, 'recipients', id, query, counts],
    queryFn: ({ signal }) =>
      call(campaignRecipients, {
        params: { id },
        query: {
          page: query.page,
          size: RECIPIENTS_PAGE_SIZE,
          status: query.status || undefined,
          search: query.search || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? POLL_MS : false,
  });
}

/** How many an audience reaches now; null while the audience is not complete enough to ask. */
export function useAudienceReach(audience: Audience | null) {
  return useQuery({
    queryKey: [...key, 'reach', audience],
    queryFn: ({ signal }) => call(campaignAudience, { body: { audience: audience! }, signal }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The mail exactly as customers get it, rendered by the server from the text being typed. */
export function useCampaignPreview(content: { subject: string; body: string }) {
  return useQuery({
    queryKey: [...key, 'preview', content],
    queryFn: ({ signal }) => call(campaignPreview, { body: content, signal }),
    enabled: content.body.trim().length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSaveCampaign(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignDraft) =>
      id ? call(updateCampaign, { params: { id }, body }) : call(createCampaign, { body }),
    onSuccess: (campaign) => {
      queryClient.setQueryData([...key, 'one', campaign.id], campaign);
      return queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}

function useCampaignAction(action: typeof sendCampaign | typeof cancelCampaign) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(action, { params: { id } }),
    onSuccess: (campaign) => {
      queryClient.setQueryData([...key, 'one', campaign.id], campaign);
      return queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}
export const useSendCampaign = () => useCampaignAction(sendCampaign);
export const useCancelCampaign = () => useCampaignAction(cancelCampaign);

export function useTestCampaign() {
  return useMutation({ mutationFn: (id: string) => call(testCampaign, { params: { id } }) });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteCampaign, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...key, 'list'] }),
  });
}
