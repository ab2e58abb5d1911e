import { describe, expect, it } from 'vitest';
import type { PeriodFigures, Statistics } from '@tollgate/contract/admin/statistics';
import { csvFileName, statisticsCsv } from './statistics-csv.ts';

const active = { residential: 1, mobile: 0, isp: 0, datacenter: 2, ipv6: 0 };
const period = (from: string, deposits: number): PeriodFigures =>
  ({
    from,
    to: from,
    series: [
      {
        start: from,
        end: from,
        deposits,
        purchases: 10.1,
        renewals: 0.2,
        refunds: 0.3,
        signups: 4,
        payingCustomers: 3,
        bandwidthBytes: 1_073_741_824,
        activeSubscriptions: active,
      },
    ],
  }) as PeriodFigures;
const stats = {
  granularity: 'day',
  current: period('2026-03-02', 1234.5),
  previous: period('2026-03-01', 0),
} as Statistics;

describe('statistics CSV', () => {
  it('writes every bucket of both periods with two-decimal dollars and CRLF lines', () => {
    expect(statisticsCsv(stats)).toBe(
      'period,start,end,deposits_usd,purchases_usd,renewals_usd,refunds_usd,net_usd,signups,paying_customers,bandwidth_bytes,active_residential,active_mobile,active_isp,active_datacenter,active_ipv6\r\n' +
        'current,2026-03-02,2026-03-02,1234.50,10.10,0.20,0.30,10.00,4,3,1073741824,1,0,0,2,0\r\n' +
        'previous,2026-03-01,2026-03-01,0.00,10.10,0.20,0.30,10.00,4,3,1073741824,1,0,0,2,0\r\n',
    );
  });

  it('names the file after the range and the bucket size', () => {
    expect(csvFileName(stats)).toBe('tollgate-statistics_2026-03-02_2026-03-02_day.csv');
  });
});
