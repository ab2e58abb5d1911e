import { describe, expect, it } from 'vitest';
import { planInputSchema } from '@tollgate/contract/plans/plans';
import { buildPlan } from '../../../test/builders.ts';
import { formValuesOf, inputOf, toPlanInput } from './plan-form-values.ts';

// Non-default values in the fields most likely to be dropped on the way through the form.
const plan = buildPlan({ order: 2, customPlan: true, residentialType: 'rotating', serverGeoOptions: 'US,DE' });

describe('plan form values', () => {
  it('turn a plan into form text and back into the same valid input', () => {
    const parsed = planInputSchema.parse(toPlanInput(formValuesOf(plan)));
    expect(parsed).toEqual(inputOf(plan));
  });

  it('leaves a blank number missing so the schema reports it', () => {
    const values = { ...formValuesOf(plan), duration: ' ' };
    const result = planInputSchema.safeParse(toPlanInput(values));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['duration']);
  });
});
