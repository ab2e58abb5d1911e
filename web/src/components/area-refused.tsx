import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Card } from '#components/ui/card.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { staffPaths } from '#lib/staff-paths.ts';

/**
 * What a staff member sees on a staff page their role may not open (contract STAFF_AREAS): why, and
 * the way to a page every staff role of the admin panel may use.
 */
export function AreaRefused({ title, description }: { title: string; description: string }) {
  return (
    <Card>
      <EmptyState
        icon={ShieldAlert}
        title={title}
        description={description}
        action={
          <Link to={staffPaths.admin.accounts} className="text-sm font-medium text-brand-600 hover:underline">
            Go to User Management
          </Link>
        }
      />
    </Card>
  );
}
