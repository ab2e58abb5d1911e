import { useState } from 'react';
import { Link } from 'react-router';
import { PackageOpen, ShoppingBag } from 'lucide-react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { paths } from '#lib/paths.ts';
import { storage } from '#lib/storage.ts';
import { PlanCard } from './plan-card.tsx';

/** My plans, newest first as the server sends them; used-up ones can be hidden (kept in `hideDepletedPlans`). */
export function PlanList({ subscriptions, user }: { subscriptions: Subscription[]; user: CurrentUser }) {
  const [hideDepleted, setHideDepleted] = useState(() => storage.hideDepletedPlans.get());
  const toggle = (on: boolean) => {
    storage.hideDepletedPlans.set(on);
    setHideDepleted(on);
  };
  const shown = hideDepleted ? subscriptions.filter((subscription) => !subscription.depleted) : subscriptions;
  const hidden = subscriptions.length - shown.length;
  const buy = (
    <Link to={paths.plans} className={buttonClass('primary')}>
      <ShoppingBag className="size-4" aria-hidden="true" />
      Buy a plan
    </Link>
  );

  return (
    <Card>
      <CardHeader
        title="My plans"
        description={hidden > 0 ? `${hidden} depleted ${hidden === 1 ? 'plan is' : 'plans are'} hidden.` : undefined}
        action={
          subscriptions.length > 0 && (
            <div className="w-full sm:w-auto">
              <Switch label="Hide depleted plans" checked={hideDepleted} onChange={toggle} />
            </div>
          )
        }
      />
      <CardBody>
        {subscriptions.length === 0 ? (
          <EmptyState
            icon={ShoppingBag}
            title="No plans yet"
            description="Buy residential, mobile, ISP, datacenter or IPv6 proxies and they will show up here."
            action={buy}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={PackageOpen}
            title="Every plan here is used up"
            description="Depleted plans are hidden. Show them to renew or remove them, or buy a new plan."
            action={buy}
          />
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {shown.map((subscription) => (
              <PlanCard key={subscription.id} subscription={subscription} user={user} />
            ))}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
