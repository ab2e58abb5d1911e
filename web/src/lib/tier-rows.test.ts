import { describe, expect, it } from 'vitest';
import { rowsFromText, textFromRows, tierTextError } from './tier-rows.ts';

describe('tier rows', () => {
  it('round-trips the plan text exactly', () => {
    const text = '[{"value":1,"price":3.5},{"value":50,"price":3}]';
    const rows = rowsFromText(text)!;
    expect(rows).toEqual([
      { value: '1', price: '3.5' },
      { value: '50', price: '3' },
    ]);
    expect(textFromRows(rows)).toBe(text);
  });

  it('keeps half-typed numbers and drops blank rows', () => {
    const text = textFromRows([
      { value: '10', price: '2.' },
      { value: '', price: '' },
    ]);
    expect(text).toBe('[{"value":10,"price":2}]');
    expect(textFromRows([{ value: '', price: '' }])).toBe('');
    expect(rowsFromText('')).toEqual([]);
  });

  it('refuses text that is not a list of tiers', () => {
    expect(rowsFromText('not json')).toBeNull();
    expect(rowsFromText('{"value":1}')).toBeNull();
    expect(tierTextError('nope')).toBe('Use a JSON list of {"value", "price"}');
  });

  it('checks tiers the way the server does', () => {
    expect(tierTextError('[{"value":1,"price":3.5}]')).toBeUndefined();
    expect(tierTextError('[{"value":0,"price":3}]')).toMatch(/whole number of at least 1/);
    expect(tierTextError('[{"value":1,"price":3.555}]')).toMatch(/two decimals/);
    expect(tierTextError('[{"value":5,"price":1},{"value":5,"price":2}]')).toBe('Two tiers start at 5');
    expect(tierTextError('')).toBeUndefined();
  });
});
