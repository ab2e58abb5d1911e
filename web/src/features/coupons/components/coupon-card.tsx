import type { ReactNode } from 'react';
import { Copy, TicketPercent } from 'lucide-react';
import type { myCoupons } from '@tollgate/contract/plans/coupons';
import type { PayloadOf } from '@tollgate/contract/endpoint';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card } from '#components/ui/card.tsx';
import { copyText } from '#lib/clipboard.ts';
import { COUPON_PROCESSOR_LABELS, COUPON_PRODUCT_LABELS, formatPercent } from '#lib/coupon-labels.ts';
import { formatDate, formatNumber } from '#lib/format.ts';

export type MyCoupon = PayloadOf<typeof myCoupons>['coupons'][number];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

export function CouponCard({ coupon }: { coupon: MyCoupon }) {
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div className="flex items-start justify-between gap-3 border-b border-dashed border-slate-200 bg-gradient-to-br from-brand-50 to-white p-5 dark:border-slate-700 dark:from-brand-500/10 dark:to-slate-900">
        <div>
          <p className="text-3xl font-semibold tracking-tight text-brand-700 dark:text-brand-300">
            {formatPercent(coupon.discount)} off
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {coupon.isPromotion && <Badge tone="warning">Promotion</Badge>}
            {coupon.couponType === 'personal_code' && <Badge tone="info">Personal code</Badge>}
          </div>
        </div>
        <TicketPercent className="size-8 shrink-0 text-brand-400" aria-hidden="true" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3 dark:border-slate-700 dark:bg-slate-800/60">
          <code className="truncate font-mono text-sm font-semibold tracking-wide text-slate-900 dark:text-white">
            {coupon.code}
          </code>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void copyText(coupon.code, 'Coupon code')}
            aria-label={`Copy coupon code ${coupon.code}`}
          >
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
        <dl className="mt-4 space-y-2 text-sm">
          <Detail label="Valid for">{COUPON_PRODUCT_LABELS[coupon.product]}</Detail>
          <Detail label="Payment method">{COUPON_PROCESSOR_LABELS[coupon.paymentProcessor]}</Detail>
          <Detail label="Valid until">
            {coupon.validityPeriod ? formatDate(coupon.validityPeriod, '24h') : 'No end date'}
          </Detail>
          <Detail label="Uses left">{formatNumber(coupon.usages)}</Detail>
        </dl>
      </div>
    </Card>
  );
}
