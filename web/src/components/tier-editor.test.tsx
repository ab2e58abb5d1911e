import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TierEditor } from './tier-editor.tsx';

function Harness({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return <TierEditor label="Bandwidth prices" unit="GB" text={text} onChange={setText} />;
}

const raw = () => screen.getByLabelText('Bandwidth prices as text');

describe('TierEditor', () => {
  it('shows the JSON tiers as rows and writes edits back as the same JSON text', async () => {
    render(<Harness initial='[{"value":1,"price":3.5},{"value":50,"price":3}]' />);
    expect(screen.getByLabelText('From (GB), tier 1')).toHaveValue(1);
    expect(screen.getByLabelText('Price per GB ($), tier 2')).toHaveValue('3');
    expect(raw()).toHaveValue('[{"value":1,"price":3.5},{"value":50,"price":3}]');

    await userEvent.click(screen.getByRole('button', { name: 'Add GB tier' }));
    await userEvent.type(screen.getByLabelText('From (GB), tier 3'), '100');
    await userEvent.type(screen.getByLabelText('Price per GB ($), tier 3'), '2.75');
    expect(raw()).toHaveValue('[{"value":1,"price":3.5},{"value":50,"price":3},{"value":100,"price":2.75}]');

    await userEvent.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    expect(raw()).toHaveValue('[{"value":50,"price":3},{"value":100,"price":2.75}]');
  });

  it('follows the raw text when it is edited by hand', async () => {
    render(<Harness initial="" />);
    expect(screen.getByText('No tiers: this plan is not sold per GB.')).toBeInTheDocument();
    await userEvent.click(raw());
    await userEvent.paste('[{"value":10,"price":1.25}]');
    expect(screen.getByLabelText('From (GB), tier 1')).toHaveValue(10);
    expect(screen.getByLabelText('Price per GB ($), tier 1')).toHaveValue('1.25');
  });
});
