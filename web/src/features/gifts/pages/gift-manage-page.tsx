import { useState } from 'react';
import { Plus } from 'lucide-react';
import { GIFT_PAGE_SIZE, GIFT_STATUS_LABELS, GIFT_STATUSES, type Gift } from '@tollgate/contract/growth/gifts';
import { PageHeader } from '#components/page-header.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useToggleSet } from '#lib/use-toggle-set.ts';
import { useDisableGift, useGifts } from '../api/gifts.ts';
import { giftColumns } from '../components/gift-columns.tsx';
import { GiftForm } from '../components/gift-form.tsx';
import { GiftRedemptions } from '../components/gift-redemptions.tsx';

const FILTERS = { status: GIFT_STATUSES };

/** /admin/giftmanage (Administrator): gift codes, who redeemed them, new codes and stopping one. */
export default function GiftManagePage() {
  const params = useListParams({ filters: FILTERS });
  const list = useGifts({ page: params.page, search: params.search, status: params.filters.status });
  const disable = useDisableGift();
  const [creating, setCreating] = useState(false);
  const { confirm, dialog } = useConfirm();
  // Disabled in the dialog, which keeps a refusal for another try.
  const disableGift = async (gift: Gift) => {
    const done = await confirm({
      title: `Disable ${gift.code}?`,
      description: 'Nobody can redeem it any more. What was redeemed stays.',
      confirmLabel: 'Disable',
      action: () => disable.mutateAsync(gift.id),
    });
    if (done) void notify('success', 'Gift code disabled');
  };
  const [open, toggle] = useToggleSet();

  return (
    <>
      <PageHeader
        title="Gift Management"
        description="Codes worth a balance amount or a plan. Customers redeem them on the Deposit page; each use counts once."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New gift code
          </Button>
        }
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[{ key: 'status', label: 'Filter by status', labels: GIFT_STATUS_LABELS, allLabel: 'All statuses' }]}
        caption="Gift codes"
        columns={giftColumns({ open, toggle, onDisable: (gift) => void disableGift(gift) })}
        rowKey={(g) => g.id}
        pageSize={GIFT_PAGE_SIZE}
        searchPlaceholder="Search by code or note"
        emptyTitle="No gift codes yet"
        emptyDescription="Create one for a campaign, a giveaway or to make up for an outage."
        expanded={(g) => (open.has(g.id) ? <GiftRedemptions giftId={g.id} /> : null)}
      />
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        title="New gift code"
        description="It can be redeemed as soon as it is created."
      >
        <GiftForm
          onCancel={() => setCreating(false)}
          onCreated={(gift) => {
            setCreating(false);
            void notify('success', `Gift code ${gift.code} created`);
          }}
        />
      </Dialog>
      {dialog}
    </>
  );
}
