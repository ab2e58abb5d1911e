import { generatePath, Link } from 'react-router';
import type { CampaignSummary } from '@tollgate/contract/admin/mail-sender';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { describeAudience } from '../utils/audience.ts';
import { CampaignProgressBar, CampaignStatusBadge } from './campaign-progress.tsx';

export const campaignColumns: Array<Column<CampaignSummary>> = [
  {
    key: 'subject',
    header: 'Subject',
    cell: (c) => (
      <Link
        to={generatePath(staffPaths.admin.mailCampaign, { campaignId: c.id })}
        className="font-medium break-words text-brand-600 hover:underline dark:text-brand-400"
      >
        {c.subject}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (c) => <CampaignStatusBadge status={c.status} /> },
  { key: 'audience', header: 'Audience', cell: (c) => describeAudience(c.audience) },
  {
    key: 'progress',
    header: 'Progress',
    className: 'md:w-56',
    cell: (c) =>
      c.status === 'draft' ? (
        <span className="text-slate-500 dark:text-slate-400">Not sent yet</span>
      ) : (
        <CampaignProgressBar progress={c.progress} compact />
      ),
  },
  {
    key: 'created',
    header: 'Created',
    className: 'whitespace-nowrap',
    cell: (c) => (
      <span>
        {formatDate(c.createdAt, '24h')}
        {c.createdBy && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">by {c.createdBy.username}</span>
        )}
      </span>
    ),
  },
];
