import { Gift } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { formatBalance } from '#lib/format.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';

/** "Claim $12.50": disabled with nothing to claim; tells how much reached the balance. */
export function ClaimButton({
  amount,
  claim,
  what,
}: {
  amount: number;
  what: string;
  claim: { mutateAsync: () => Promise<{ credited: number }>; isPending: boolean };
}) {
  const run = async () => {
    try {
      const result = await claim.mutateAsync();
      void notify('success', `${formatBalance(result.credited)} added to your balance`);
    } catch (error) {
      void notify('error', errorMessage(error));
    }
  };
  return (
    <Button onClick={() => void run()} disabled={amount <= 0 || claim.isPending} data-testid={`claim-${what}`}>
      <Gift className="size-4" aria-hidden="true" />
      {amount > 0 ? `Claim ${formatBalance(amount)}` : 'Nothing to claim yet'}
    </Button>
  );
}
