import { describe, expect, it } from 'vitest';
import { formatBalance, formatBytes, formatDate, formatDuration } from './format.ts';

describe('formatBalance', () => {
  it('shows dollars with two decimals', () => {
    expect(formatBalance(12.34)).toBe('$12.34');
    expect(formatBalance(5)).toBe('$5.00');
    expect(formatBalance(0.005)).toBe('$0.01');
    expect(formatBalance(1234.5)).toBe('$1,234.50');
    expect(formatBalance(-3.2)).toBe('-$3.20');
  });

  it('shows $0.00 when the balance is absent', () => {
    expect(formatBalance(undefined)).toBe('$0.00');
    expect(formatBalance(null)).toBe('$0.00');
    expect(formatBalance(Number.NaN)).toBe('$0.00');
  });
});

describe('formatDate', () => {
  const date = new Date(2026, 10, 21, 14, 5);

  it('uses short month, day and year', () => {
    expect(formatDate(date)).toBe('Nov 21, 2026');
  });

  it('adds a 24h or 12h time when asked', () => {
    expect(formatDate(date, '24h')).toBe('Nov 21, 2026, 14:05');
    expect(formatDate(date, '12h')).toBe('Nov 21, 2026, 2:05 PM');
  });

  it('accepts ISO strings and shows a dash for missing or invalid values', () => {
    expect(formatDate(new Date(2026, 0, 2).toISOString())).toBe('Jan 2, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatDuration', () => {
  it('maps a day / a month / a year to 1 Day / 1 Month / 1 Year', () => {
    expect(formatDuration('a day')).toBe('1 Day');
    expect(formatDuration('a month')).toBe('1 Month');
    expect(formatDuration('a year')).toBe('1 Year');
  });

  it('title-cases other labels', () => {
    expect(formatDuration('3 months')).toBe('3 Months');
    expect(formatDuration('an hour')).toBe('1 Hour');
  });
});

describe('formatBytes', () => {
  it('steps by 1,024 with up to two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2.25 GB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3 PB');
  });

  it('keeps chart axis labels to three significant digits', () => {
    expect(formatBytes(36_004, { forAxis: true })).toBe('35.2 KB');
    expect(formatBytes(9_000, { forAxis: true })).toBe('8.79 KB');
    expect(formatBytes(512, { forAxis: true })).toBe('512 B');
    expect(formatBytes(36_004)).toBe('35.16 KB');
  });

  it('shows nothing used for negative or missing amounts', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});
