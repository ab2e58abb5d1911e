import { describe, expect, it } from 'vitest';
import { customRangeProblem, paramsFromRange, presetRange, rangeFromParams } from './date-range.ts';

const now = new Date('2026-03-15T22:30:00Z');

describe('statistics date ranges', () => {
  it('turns each preset into UTC days', () => {
    expect(presetRange('7d', now)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetRange('90d', now)).toEqual({ from: '2025-12-16', to: '2026-03-15' });
    expect(presetRange('month', now)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetRange('last-month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', new Date('2026-01-10T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetRange('year', now)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
  });

  it('reads the URL and falls back to the last 30 days on anything unreadable', () => {
    const read = (query: string) => rangeFromParams(new URLSearchParams(query), now);
    expect(read('')).toEqual({ preset: '30d', from: '2026-02-14', to: '2026-03-15', granularity: undefined });
    expect(read('range=custom&from=2026-01-02&to=2026-01-05&granularity=week')).toEqual({
      preset: 'custom',
      from: '2026-01-02',
      to: '2026-01-05',
      granularity: 'week',
    });
    expect(read('range=custom&from=2026-02-30&to=2026-03-05').preset).toBe('30d');
    expect(read('range=custom&from=2026-03-05&to=2026-03-01').preset).toBe('30d');
    expect(read('range=decade&granularity=hour')).toMatchObject({ preset: '30d', granularity: undefined });
  });

  it('writes only what differs from the defaults into the URL', () => {
    expect(paramsFromRange({ preset: '30d', from: 'x', to: 'y' }).toString()).toBe('');
    expect(paramsFromRange({ preset: '7d', from: 'x', to: 'y', granularity: 'day' }).toString()).toBe(
      'range=7d&granularity=day',
    );
    expect(paramsFromRange({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }).toString()).toBe(
      'range=custom&from=2026-01-01&to=2026-01-31',
    );
  });

  it('explains why a custom range cannot be asked for', () => {
    expect(customRangeProblem('', '2026-01-01')).toBe('Choose both dates');
    expect(customRangeProblem('2026-02-01', '2026-01-01')).toBe('The start must be on or before the end');
    expect(customRangeProblem('2020-01-01', '2026-01-01')).toBe('A range is at most 3 years');
    expect(customRangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});
