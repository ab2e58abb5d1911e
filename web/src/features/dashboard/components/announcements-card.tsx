import { Megaphone } from 'lucide-react';
import { AnnouncementList } from '#components/announcement-list.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';

export function AnnouncementsCard() {
  const { data, isPending, error, refetch } = useAnnouncements();
  let body;
  if (isPending)
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  else if (error) body = <ErrorState error={error} onRetry={() => void refetch()} />;
  else if (data.announcements.length === 0)
    body = (
      <EmptyState
        icon={Megaphone}
        title="No announcements"
        description="News about the network, new locations and maintenance will show up here."
      />
    );
  else body = <AnnouncementList items={data.announcements} />;
  return (
    <Card>
      <CardHeader title="Announcements" description="Updates from the Tollgate team" />
      <CardBody>{body}</CardBody>
    </Card>
  );
}
