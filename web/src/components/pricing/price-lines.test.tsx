import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { PriceLine, RenewalExample } from '@tollgate/contract/checkout/price-lines';
import { PriceLines } from './price-lines.tsx';
import { RenewalExamples } from './renewal-examples.tsx';

const gb: PriceLine = {
  label: '3 GB',
  quantity: 3,
  per: 'GB',
  unitPrice: 4.5,
  amount: 13.5,
  source: 'plan-tiers',
  table: 'plan',
  note: null,
};
const days: PriceLine = {
  label: '30 days',
  quantity: 30,
  per: 'day',
  unitPrice: 0,
  amount: 0,
  source: 'included',
  table: 'plan',
  note: 'The GB price covers 30 days of use',
};
const month: PriceLine = {
  label: '30 more days',
  quantity: 1,
  per: 'period',
  unitPrice: 8,
  amount: 8,
  source: 'extension-price',
  table: 'ResidentialExtendByMonthPrice',
  note: 'A new plan includes its first 30 days in the GB price; more time is priced on its own',
};

describe('PriceLines', () => {
  it('renders each line the server priced: count, unit price, table and why, without computing anything', () => {
    render(<PriceLines lines={[gb, days]} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Charges' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('3 GB$13.50');
    expect(first).toHaveTextContent('3 GB × $4.50/GBPlan price');
    expect(second).toHaveTextContent('30 days$0.0030 daysIncludedThe GB price covers 30 days of use');
  });

  it('names the settings key for staff only', () => {
    const { rerender } = render(<PriceLines lines={[month]} />);
    expect(screen.getByRole('listitem')).not.toHaveTextContent('ResidentialExtendByMonthPrice');
    rerender(<PriceLines lines={[month]} showTables />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Extension price · ResidentialExtendByMonthPrice');
  });
});

describe('RenewalExamples', () => {
  it('lists what later renewals cost and says each rule once', () => {
    const examples: RenewalExample[] = [
      { label: 'Add 30 days', lines: [month], subtotal: 8 },
      { label: 'Add 60 days', lines: [{ ...month, label: '60 more days', unitPrice: 15, amount: 15 }], subtotal: 15 },
    ];
    render(<RenewalExamples examples={examples} />);
    const table = screen.getByRole('table', { name: 'Renewal prices' });
    expect(within(table).getByRole('row', { name: /Add 30 days/ })).toHaveTextContent(
      'Add 30 daysFixed price · Extension price$8.00',
    );
    expect(screen.getAllByText(month.note!)).toHaveLength(1);
  });
});
