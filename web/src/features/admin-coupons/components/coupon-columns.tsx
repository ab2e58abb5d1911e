import type { Coupon } from '@tollgate/contract/plans/coupons';
import { Badge } from '#components/ui/badge.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import {
  COUPON_PROCESSOR_LABELS,
  COUPON_PRODUCT_LABELS,
  COUPON_TYPE_LABELS,
  formatPercent,
} from '#lib/coupon-labels.ts';
import { formatDate, formatNumber } from '#lib/format.ts';

const expired = (coupon: Coupon) => coupon.validityPeriod !== null && new Date(coupon.validityPeriod) < new Date();

export const couponColumns: Array<Column<Coupon>> = [
  {
    key: 'code',
    header: 'Code',
    cell: (coupon) => <code className="font-mono font-semibold text-slate-900 dark:text-white">{coupon.code}</code>,
  },
  { key: 'discount', header: 'Discount', className: 'tabular-nums', cell: (coupon) => formatPercent(coupon.discount) },
  {
    key: 'usages',
    header: 'Usages',
    className: 'whitespace-nowrap tabular-nums',
    cell: (coupon) => (
      <span>
        {formatNumber(coupon.usages)} left
        <span className="block text-xs text-slate-500 dark:text-slate-400">{formatNumber(coupon.timesUsed)} used</span>
      </span>
    ),
  },
  { key: 'product', header: 'Product', cell: (coupon) => COUPON_PRODUCT_LABELS[coupon.product] },
  {
    key: 'processor',
    header: 'Payment',
    className: 'whitespace-nowrap',
    cell: (coupon) => COUPON_PROCESSOR_LABELS[coupon.paymentProcessor],
  },
  {
    key: 'type',
    header: 'Type',
    cell: (coupon) => (
      <div className="flex flex-wrap justify-end gap-1 md:justify-start">
        <Badge tone={coupon.couponType === 'personal_code' ? 'info' : 'neutral'}>
          {COUPON_TYPE_LABELS[coupon.couponType]}
        </Badge>
        {coupon.isPromotion && <Badge tone="warning">Promotion</Badge>}
      </div>
    ),
  },
  {
    key: 'valid',
    header: 'Valid until',
    className: 'whitespace-nowrap',
    cell: (coupon) =>
      coupon.validityPeriod ? (
        <span className={expired(coupon) ? 'text-red-600 dark:text-red-400' : undefined}>
          {formatDate(coupon.validityPeriod)}
          {expired(coupon) && ' (expired)'}
        </span>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">No end</span>
      ),
  },
];
