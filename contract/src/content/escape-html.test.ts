import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute of either quote', () => {
    expect(escapeHtml(`<a href='x' title="y">&</a>`)).toBe(
      '&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('leaves everything else as it is, an escaped text included (escaping is not undone or doubled twice over)', () => {
    expect(escapeHtml('Ünïcode, emoji 🚀 and tabs\t')).toBe('Ünïcode, emoji 🚀 and tabs\t');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
