import { useParams } from 'react-router';
import { BackLink, PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { useAdminAccount } from '../api/admin-account.ts';
import { EditAccountForm } from '../components/edit-account-form.tsx';
import { adminAccountPath } from '../utils/account-paths.ts';

/** /admin/accounts/{userId}/edit (spec §2). */
export default function EditAccountPage() {
  const { userId = '' } = useParams();
  const query = useAdminAccount(userId);
  const me = useCurrentUser().data;
  if (query.isPending) return <PageSpinner />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { account } = query.data;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={adminAccountPath(userId)}>Back to {account.username}</BackLink>
      <PageHeader title={`Edit ${account.username}`} description="Only the fields you change are saved." />
      <EditAccountForm account={account} canChangeRole={me?.role === 'Administrator'} />
    </div>
  );
}
