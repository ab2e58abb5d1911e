import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { GUIDES, guidePath } from '@tollgate/contract/general/guides';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';

/** The tool guides (not the account how-tos): where these values go in each tool. */
const TOOL_GROUPS = new Set(['Browsers & extensions', 'Antidetect browsers', 'Mobile', 'Developers']);

/** "How to use these proxies in …": every tool guide, opened with the reader's own values filled in. */
export function GuideLinks({ subscriptionId }: { subscriptionId: string }) {
  const guides = GUIDES.filter((guide) => TOOL_GROUPS.has(guide.group));
  return (
    <Card>
      <CardHeader
        title="How to use these proxies in …"
        description="Step-by-step setup guides, with this plan’s host, port and username filled in."
      />
      <CardBody>
        <ul className="flex flex-wrap gap-2">
          {guides.map((guide) => (
            <li key={guide.slug}>
              <Link
                to={`${guidePath(guide.slug)}?plan=${encodeURIComponent(subscriptionId)}`}
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 dark:border-slate-700 dark:text-slate-200 dark:hover:border-brand-500/40 dark:hover:bg-brand-500/10 dark:hover:text-brand-200"
              >
                <Compass className="size-3.5" aria-hidden="true" />
                {guide.title}
              </Link>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
