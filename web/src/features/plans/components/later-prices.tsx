import type { PlanQuote } from '@tollgate/contract/plans/plans';
import { RenewalExamples } from '#components/pricing/renewal-examples.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';

/** What more GB and more days cost after this purchase, from the server's renewal code (ADR 016). */
export function LaterPrices({ quote, className }: { quote: PlanQuote | undefined; className?: string }) {
  if (!quote || quote.renewals.length === 0) return null;
  return (
    <Card className={className}>
      <CardHeader
        title="After you buy: adding GB or days"
        description={
          quote.unit === 'GB'
            ? `Your first ${quote.days} days are included in the GB price. Later you can add GB or days separately, at these prices.`
            : 'Renewing or extending later costs the following.'
        }
      />
      <CardBody>
        <RenewalExamples examples={quote.renewals} />
      </CardBody>
    </Card>
  );
}
