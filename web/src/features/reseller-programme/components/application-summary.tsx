import type { ResellerApplication } from '@tollgate/contract/reseller/reseller-programme';
import { Badge } from '#components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { formatDate } from '#lib/format.ts';
import { CHANNEL_LABELS, PRODUCT_LABELS, VOLUME_LABELS } from '../utils/labels.ts';

/** The answers sent, as staff read them. */
export function ApplicationSummary({ application }: { application: ResellerApplication }) {
  const { answers } = application;
  const rows: Array<[string, string]> = [
    ['Company or brand', answers.company],
    ['Website', answers.website || '—'],
    ['Products', answers.products.map((type) => PRODUCT_LABELS[type]).join(', ')],
    ['Monthly volume', VOLUME_LABELS[answers.monthlyVolume]],
    ['How you sell', CHANNEL_LABELS[answers.channel]],
  ];
  const pending = application.status === 'pending';
  return (
    <Card>
      <CardHeader
        title="Your application"
        description={`Sent ${formatDate(application.createdAt, '24h')}`}
        action={
          <Badge tone={pending ? 'warning' : application.status === 'approved' ? 'success' : 'danger'}>
            {pending ? 'Being reviewed' : application.status === 'approved' ? 'Approved' : 'Not accepted'}
          </Badge>
        }
      />
      <CardBody className="space-y-4">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="break-words text-slate-900 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="text-sm">
          <p className="text-slate-500 dark:text-slate-400">About your customers</p>
          <p className="break-words whitespace-pre-line text-slate-900 dark:text-white">{answers.message}</p>
        </div>
      </CardBody>
    </Card>
  );
}
