import type { Plan, PlanInput } from '@tollgate/contract/plans/plans';

/** Every planInputSchema field as the form holds it: text, with booleans as 'true' / 'false'. */
export type PlanFormValues = Record<keyof PlanInput, string>;

const NUMBER_FIELDS = [
  'price',
  'minRenewDays',
  'maxRenewDays',
  'duration',
  'bandwidth',
  'throughput',
  'threads',
  'order',
  'currentThreads',
] as const satisfies ReadonlyArray<keyof PlanInput>;
const BOOLEAN_FIELDS = ['trial', 'customPlan', 'supportshow'] as const satisfies ReadonlyArray<keyof PlanInput>;

export const EMPTY_PLAN: PlanFormValues = {
  title: '',
  description: '',
  type: 'residential',
  provider: '',
  price: '0',
  bandwidthPrices: '',
  threadPrices: '',
  minRenewDays: '1',
  maxRenewDays: '30',
  duration: '30',
  bandwidth: '0',
  throughput: '0',
  threads: '0',
  status: 'active',
  trial: 'false',
  order: '0',
  serverGeo: '',
  serverGeoOptions: '',
  currentThreads: '0',
  customPlan: 'false',
  residentialType: '',
  supportshow: 'false',
};

/** The plan's own input fields, which the edit form starts from. */
export function inputOf(plan: Plan): PlanInput {
  return {
    title: plan.title,
    description: plan.description,
    type: plan.type,
    provider: plan.provider,
    price: plan.price,
    bandwidthPrices: plan.bandwidthPrices,
    threadPrices: plan.threadPrices,
    minRenewDays: plan.minRenewDays,
    maxRenewDays: plan.maxRenewDays,
    duration: plan.duration,
    bandwidth: plan.bandwidth,
    throughput: plan.throughput,
    threads: plan.threads,
    status: plan.status,
    trial: plan.trial,
    order: plan.order,
    serverGeo: plan.serverGeo,
    serverGeoOptions: plan.serverGeoOptions,
    currentThreads: plan.currentThreads,
    customPlan: plan.customPlan,
    residentialType: plan.residentialType,
    supportshow: plan.supportshow,
  };
}

export function formValuesOf(plan: Plan): PlanFormValues {
  const input = inputOf(plan);
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) as PlanFormValues;
}

/** Text back to the shape planInputSchema parses; blank numbers stay missing so zod names them. */
export function toPlanInput(values: PlanFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  for (const key of NUMBER_FIELDS) {
    const text = values[key].trim();
    input[key] = text === '' ? undefined : Number(text);
  }
  for (const key of BOOLEAN_FIELDS) input[key] = values[key] === 'true';
  return input;
}
