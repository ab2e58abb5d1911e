import { Link, useSearchParams } from 'react-router';
import { Store } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { Card } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useProgramme } from '../api/programme.ts';
import { useSubUsers } from '../api/sub-users.ts';
import { SubUserDetail } from '../components/sub-user-detail.tsx';
import { subUserColumns } from '../components/sub-user-columns.tsx';
import { SubUserList } from '../components/sub-user-list.tsx';

/** The list's query with `subUser` set or removed, so opening one and coming back keeps page and search. */
function withSubUser(search: URLSearchParams, id: string | null): string {
  const next = new URLSearchParams(search);
  if (id) next.set('subUser', id);
  else next.delete('subUser');
  const text = next.toString();
  return `${paths.subuserManagement}${text ? `?${text}` : ''}`;
}

function SubUsers({ terms }: { terms: Parameters<typeof SubUserDetail>[0]['terms'] }) {
  const params = useListParams({});
  const [search] = useSearchParams();
  const list = useSubUsers({ page: params.page, search: params.search });
  const open = search.get('subUser');
  if (open) return <SubUserDetail id={open} backHref={withSubUser(search, null)} terms={terms} />;
  return (
    <SubUserList
      params={params}
      list={list}
      columns={subUserColumns((id) => withSubUser(search, id))}
      subUserHref={(id) => withSubUser(search, id)}
    />
  );
}

/**
 * /subuser-management (spec §2, §7): a programme member's customers, each with the plans sold to
 * them. Called with the member's session alone (ADR 042); a customer outside the programme is
 * pointed to the reseller dashboard to apply.
 */
export default function SubuserManagementPage() {
  const programme = useProgramme();
  if (programme.error && !programme.data)
    return <ErrorState error={programme.error} onRetry={() => void programme.refetch()} />;
  if (!programme.data) return <PageSpinner />;
  const { dashboard } = programme.data;
  return (
    <div>
      <PageHeader
        title="Sub-users"
        description="Accounts for your own customers: they sign in to their customer area and use the plans you sell them."
      />
      {dashboard ? (
        <SubUsers terms={dashboard} />
      ) : (
        <Card>
          <EmptyState
            icon={Store}
            title="Sub-users are part of the reseller programme"
            description="Resellers create accounts for their customers and sell them plans at their own prices. Apply on the reseller dashboard; we answer within two working days."
            action={
              <Link to={paths.resellerDashboard} className={buttonClass('primary', 'md')}>
                Go to the reseller programme
              </Link>
            }
          />
        </Card>
      )}
    </div>
  );
}
