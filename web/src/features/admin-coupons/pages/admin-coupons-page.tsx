import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { COUPON_TYPES, type Coupon } from '@tollgate/contract/plans/coupons';
import { PageHeader } from '#components/page-header.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { COUPON_TYPE_LABELS } from '#lib/coupon-labels.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { COUPONS_PAGE_SIZE, useAdminCoupons } from '../api/admin-coupons.ts';
import { couponColumns } from '../components/coupon-columns.tsx';
import { DeleteCouponDialog } from '../components/delete-coupon-dialog.tsx';

const FILTERS = { couponType: COUPON_TYPES };

/** /admin/coupons?couponType=: the type filter lives in the URL as the spec routes it. */
export default function AdminCouponsPage() {
  const params = useListParams({ filters: FILTERS });
  const couponType = params.filters.couponType || undefined;
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const list = useAdminCoupons({ page: params.page, search: params.search, couponType });

  const actions: Column<Coupon> = {
    key: 'actions',
    header: 'Actions',
    className: 'whitespace-nowrap',
    cell: (coupon) => (
      <div className="flex justify-end gap-1 md:justify-start">
        <Link
          to={generatePath(staffPaths.admin.editCoupon, { couponId: coupon.id })}
          className={buttonClass('ghost', 'icon')}
          aria-label={`Edit ${coupon.code}`}
          title="Edit"
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
        <Button
          variant="ghost-danger"
          size="icon"
          onClick={() => setDeleting(coupon)}
          aria-label={`Delete ${coupon.code}`}
          title="Delete"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    ),
  };

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Discount codes for everyone or for one account."
        actions={
          <Link to={staffPaths.admin.newCoupon} className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            New coupon
          </Link>
        }
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
        columns={[...couponColumns, actions]}
        rowKey={(coupon) => coupon.id}
        pageSize={COUPONS_PAGE_SIZE}
        searchPlaceholder="Search by code"
        emptyTitle={couponType ? `No ${COUPON_TYPE_LABELS[couponType].toLowerCase()} coupons` : 'No coupons yet'}
        emptyDescription="Create a coupon to offer a discount."
      />
      <DeleteCouponDialog coupon={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
