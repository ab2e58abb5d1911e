import { PageHeader } from '#components/page-header.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { NewAccountForm } from '../components/new-account-form.tsx';

/** /admin/accounts/new: staff create an account; only an Administrator chooses a role other than User. */
export default function NewAccountPage() {
  const { data: user } = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="New account" description="The person receives an email to choose their password." />
      <NewAccountForm canChooseRole={user?.role === 'Administrator'} />
    </div>
  );
}
