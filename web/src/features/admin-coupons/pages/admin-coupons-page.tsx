import { useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { COUPON_TYPES, type Coupon } from '@tollgate/contract/plans/coupons';
import { PageHeader } from '#components/page-header.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { DataTable, pagedQueryProps, useTableState, type Column } from '#components/ui/data-table.tsx';
import { FilterSelect } from '#components/ui/filter-select.tsx';
import { COUPON_TYPE_LABELS } from '#lib/coupon-labels.ts';
import { paths } from '#lib/paths.ts';
import { COUPONS_PAGE_SIZE, useAdminCoupons, type CouponType } from '../api/admin-coupons.ts';
import { couponColumns } from '../components/coupon-columns.tsx';
import { DeleteCouponDialog } from '../components/delete-coupon-dialog.tsx';

const isCouponType = (value: string | null): value is CouponType => COUPON_TYPES.includes(value as CouponType);

/** /admin/coupons?couponType=: the type filter lives in the URL as the spec routes it. */
export default function AdminCouponsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('couponType');
  const couponType = isCouponType(requested) ? requested : undefined;
  const { page, setPage, search, setSearch, fromFirstPage } = useTableState();
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const list = useAdminCoupons({ page, search, couponType });

  const actions: Column<Coupon> = {
    key: 'actions',
    header: 'Actions',
    className: 'whitespace-nowrap',
    cell: (coupon) => (
      <div className="flex justify-end gap-1 md:justify-start">
        <Link
          to={generatePath(paths.admin.editCoupon, { couponId: coupon.id })}
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
          <Link to={paths.admin.newCoupon} className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            New coupon
          </Link>
        }
      />
      <DataTable
        caption="Coupons"
        columns={[...couponColumns, actions]}
        {...pagedQueryProps(list)}
        rowKey={(coupon) => coupon.id}
        page={page}
        pageSize={COUPONS_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by code"
        toolbar={
          <FilterSelect
            label="Filter by coupon type"
            options={COUPON_TYPES}
            labels={COUPON_TYPE_LABELS}
            allLabel="All types"
            value={couponType ?? ''}
            onChange={fromFirstPage((next: CouponType | '') =>
              setParams(next ? { couponType: next } : {}, { replace: true }),
            )}
            className="w-full sm:w-48"
          />
        }
        emptyTitle={couponType ? `No ${COUPON_TYPE_LABELS[couponType].toLowerCase()} coupons` : 'No coupons yet'}
        emptyDescription="Create a coupon to offer a discount."
      />
      <DeleteCouponDialog coupon={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
