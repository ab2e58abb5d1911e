import { describe, expect, it } from 'vitest';
import { applyMarkdown } from './markdown-edits.ts';

describe('the editor toolbar', () => {
  it('wraps the selection, or a placeholder it then selects', () => {
    expect(applyMarkdown('bold', 'make this strong', 10, 16)).toEqual({
      value: 'make this **strong**',
      start: 12,
      end: 18,
    });
    const link = applyMarkdown('link', 'see ', 4, 4);
    expect(link.value).toBe('see [link text](https://)');
    expect(link.value.slice(link.start, link.end)).toBe('link text');
  });

  it('prefixes whole lines and replaces an existing marker', () => {
    expect(applyMarkdown('h2', 'intro\n### Title', 9, 9).value).toBe('intro\n## Title');
    expect(applyMarkdown('ol', 'a\nb\nc', 0, 5).value).toBe('1. a\n2. b\n3. c');
    expect(applyMarkdown('ul', '1. a', 0, 4).value).toBe('- a');
  });

  it('puts a media link on a line of its own', () => {
    expect(applyMarkdown('media', 'Watch:', 6, 6).value).toBe('Watch:\n\nhttps://www.youtube.com/watch?v=\n\n');
  });
});
