import { generatePath, useNavigate } from 'react-router';
import { Select } from '#components/ui/select.tsx';
import { paths } from '#lib/paths.ts';
import { planOptionLabel } from '#lib/plan-identity.ts';
import { useMySubscriptions } from '../api/proxy-usage.ts';

/** Moves the generator to another running plan; shown only to customers who have more than one. */
export function PlanSwitcher({ subscriptionId }: { subscriptionId: string }) {
  const navigate = useNavigate();
  const mine = useMySubscriptions();
  const running = (mine.data ?? []).filter((s) => s.id === subscriptionId || (s.status === 'active' && !s.depleted));
  if (running.length < 2) return null;
  return (
    <Select
      label="Plan"
      value={subscriptionId}
      className="w-full lg:w-[36rem]"
      onChange={(event) => void navigate(generatePath(paths.generator, { subscriptionId: event.target.value }))}
    >
      {running.map((s) => (
        <option key={s.id} value={s.id}>
          {planOptionLabel(s)}
        </option>
      ))}
    </Select>
  );
}
