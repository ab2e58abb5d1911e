import type { CurrentUser } from '@tollgate/contract/auth/session';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useBasicProfile } from '../api/basic-profile.ts';
import { BasicProfileForm } from './basic-profile-form.tsx';

export function BasicProfileCard({ user }: { user: CurrentUser }) {
  const profile = useBasicProfile(user.email);
  return (
    <Card>
      <CardHeader title="Basic profile" description="Billing details printed on your invoices." />
      <CardBody>
        {profile.data ? (
          <BasicProfileForm profile={profile.data.profile} editToken={profile.data.editToken} />
        ) : profile.error ? (
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <div className="flex justify-center py-12">
            <Spinner label="Loading profile" />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
