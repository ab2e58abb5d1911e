import type { Plan, PlanInput } from '@tollgate/contract/plans/plans';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import type { PlanValues } from './plans.repository';
import type { PlanRow } from './plans.schema';

/** Spec §3 wire fields <-> columns, in one place. */
export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    provider: row.provider,
    price: toDollars(row.priceCents),
    bandwidthPrices: row.bandwidthPrices,
    threadPrices: row.threadPrices,
    minRenewDays: row.minRenewDays,
    maxRenewDays: row.maxRenewDays,
    duration: row.durationDays,
    bandwidth: row.bandwidthGb,
    throughput: row.throughputMbps,
    threads: row.threads,
    enabled: row.enabled,
    status: row.enabled ? 'active' : 'inactive',
    trial: row.trial,
    order: row.sortOrder,
    serverGeo: row.serverGeo,
    serverGeoOptions: row.serverGeoOptions,
    currentThreads: row.currentThreads,
    customPlan: row.customPlan,
    residentialType: row.residentialType,
    supportshow: row.supportShow,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toValues(input: PlanInput): PlanValues {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    provider: input.provider,
    priceCents: toCents(input.price),
    bandwidthPrices: input.bandwidthPrices,
    threadPrices: input.threadPrices,
    minRenewDays: input.minRenewDays,
    maxRenewDays: input.maxRenewDays,
    durationDays: input.duration,
    bandwidthGb: input.bandwidth,
    throughputMbps: input.throughput,
    threads: input.threads,
    enabled: input.status === 'active',
    trial: input.trial,
    sortOrder: input.order,
    serverGeo: input.serverGeo,
    serverGeoOptions: input.serverGeoOptions,
    currentThreads: input.currentThreads,
    customPlan: input.customPlan,
    residentialType: input.residentialType,
    supportShow: input.supportshow,
  };
}
