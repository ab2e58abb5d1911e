import { describe, expect, it } from 'vitest';
import { parseGeoOptions } from './geo-options.ts';

describe('parseGeoOptions', () => {
  it('reads comma-separated codes and names', () => {
    expect(parseGeoOptions('US, DE,Random')).toEqual([
      { value: 'US', label: 'United States' },
      { value: 'DE', label: 'Germany' },
      { value: 'Random', label: 'Random' },
    ]);
  });

  it('reads a JSON list of codes or of { code, name }', () => {
    expect(parseGeoOptions('["GB","GB","FR"]')).toEqual([
      { value: 'GB', label: 'United Kingdom' },
      { value: 'FR', label: 'France' },
    ]);
    expect(parseGeoOptions('[{"code":"NL","name":"Amsterdam"}]')).toEqual([{ value: 'NL', label: 'Amsterdam' }]);
  });

  it('gives nothing for blank text', () => {
    expect(parseGeoOptions('  ')).toEqual([]);
  });
});
