import { Megaphone } from 'lucide-react';
import type { Announcement } from '@tollgate/contract/general/landing';
import { AnnouncementList } from '#components/announcement-list.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';

/** The team's news, delivered with the dashboard payload. */
export function AnnouncementsCard({ items }: { items: Announcement[] }) {
  return (
    <Card>
      <CardHeader title="Announcements" description="Updates from the Tollgate team" />
      <CardBody>
        {items.length === 0 ? (
          <EmptyState
            icon={Megaphone}
            title="No announcements"
            description="News about the network, new locations and maintenance will show up here."
          />
        ) : (
          <AnnouncementList items={items} />
        )}
      </CardBody>
    </Card>
  );
}
