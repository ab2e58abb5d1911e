import { describe, expect, it } from 'vitest';
import { controlCharacterPath } from './text';

describe('controlCharacterPath', () => {
  it('names the first string with a control character, keys included, in document order', () => {
    expect(controlCharacterPath({ a: 'fine', b: ['ok', 'b\u0000ad'] }, ['body'])).toEqual(['body', 'b', '1']);
    expect(controlCharacterPath({ ok: { 'k\u0007': 'x' }, later: '\u0001' })).toEqual(['ok', 'k\u0007']);
    expect(controlCharacterPath({ first: '\u0001', second: '\u0002' })).toEqual(['first']);
    expect(controlCharacterPath(['line\nbreak', 'tab\there', { n: 1, b: true, z: null }])).toBeNull();
  });

  it('walks a value nested ten thousand levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`) as unknown;
    expect(controlCharacterPath(deep)).toHaveLength(10_000);
    expect(controlCharacterPath(JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`))).toBeNull();
  });
});
