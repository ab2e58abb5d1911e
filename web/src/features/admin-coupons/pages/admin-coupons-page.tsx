import { generatePath } from 'react-router';
import { Pencil } from 'lucide-react';
import { COUPON_TYPES, deleteCoupon, type Coupon } from '@tollgate/contract/plans/coupons';
import { NewItemLink, PageHeader } from '#components/page-header.tsx';
import type { RowActions } from '#components/ui/action-menu.tsx';
import { deleteItem, useConfirm } from '#components/ui/use-confirm.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import { COUPON_TYPE_LABELS } from '#lib/coupon-labels.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { COUPONS_PAGE_SIZE, useAdminCoupons, useDeleteCoupon } from '../api/admin-coupons.ts';
import { couponColumns } from '../components/coupon-columns.tsx';

const FILTERS = { couponType: COUPON_TYPES };

/** /admin/coupons?couponType=: the type filter lives in the URL as the spec routes it. */
export default function AdminCouponsPage() {
  const params = useListParams({ filters: FILTERS });
  const couponType = params.filters.couponType || undefined;
  const list = useAdminCoupons({ page: params.page, search: params.search, couponType });

  const remove = useDeleteCoupon();
  const { confirm, dialog } = useConfirm();

  const rowActions: RowActions<Coupon> = {
    label: (coupon) => coupon.code,
    groups: (coupon) => [
      [{ label: 'Edit', icon: Pencil, to: generatePath(staffPaths.admin.editCoupon, { couponId: coupon.id }) }],
      [
        deleteItem(confirm, {
          title: `Delete coupon ${coupon.code}?`,
          description: 'It stops working at once. Invoices that used it keep their discount.',
          confirmLabel: 'Delete coupon',
          remove: () => remove.mutateAsync(coupon.id),
          done: deleteCoupon.message,
        }),
      ],
    ],
  };

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Discount codes for everyone or for one account."
        actions={<NewItemLink to={staffPaths.admin.newCoupon}>New coupon</NewItemLink>}
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[
          {
            key: 'couponType',
            label: 'Filter by coupon type',
            labels: COUPON_TYPE_LABELS,
            allLabel: 'All types',
            className: 'w-full sm:w-48',
          },
        ]}
        caption="Coupons"
        columns={couponColumns}
        rowActions={rowActions}
        rowKey={(coupon) => coupon.id}
        pageSize={COUPONS_PAGE_SIZE}
        searchPlaceholder="Search by code"
        emptyTitle={couponType ? `No ${COUPON_TYPE_LABELS[couponType].toLowerCase()} coupons` : 'No coupons yet'}
        emptyDescription="Create a coupon to offer a discount."
      />
      {dialog}
    </>
  );
}
