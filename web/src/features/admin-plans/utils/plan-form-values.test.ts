import { describe, expect, it } from 'vitest';
import { planInputSchema, type Plan } from '@tollgate/contract/plans/plans';
import { formValuesOf, inputOf, toPlanInput } from './plan-form-values.ts';

const plan: Plan = {
  id: '7b0f4c8e-2d1a-4c55-9a0e-3f3b8d1e6a10',
  title: 'Residential Pro',
  description: 'Rotating residential IPs',
  type: 'residential',
  provider: 'upstream-a',
  price: 0,
  bandwidthPrices: '[{"value":1,"price":3.5},{"value":50,"price":3}]',
  threadPrices: '',
  minRenewDays: 1,
  maxRenewDays: 90,
  duration: 30,
  bandwidth: 0,
  throughput: 0,
  threads: 0,
  enabled: true,
  status: 'active',
  trial: false,
  order: 2,
  serverGeo: 'Worldwide',
  serverGeoOptions: 'US,DE',
  currentThreads: 0,
  customPlan: true,
  residentialType: 'rotating',
  supportshow: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

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
