import { describe, expect, it } from 'vitest';
import { formatAge, secondsBetween } from './ages.ts';

describe('formatAge', () => {
  it.each([
    [0, '0 s'],
    [44.6, '45 s'],
    [60, '1 min'],
    [3_599, '59 min'],
    [3_600, '1 h'],
    [3_900, '1 h 5 min'],
    [86_400, '1 d'],
    [2 * 86_400 + 4 * 3_600 + 59, '2 d 4 h'],
    [-5, '0 s'],
  ])('%s seconds reads %s', (seconds, text) => expect(formatAge(seconds)).toBe(text));

  it('measures against the status time, not the browser clock', () => {
    expect(secondsBetween('2026-12-08T10:00:00Z', '2026-12-08T10:01:30Z')).toBe(90);
  });
});
