import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('campaign Markdown (the blog parser, written out for mail)', () => {
  it('renders headings, paragraphs, lists, quotes and rules as mail-safe HTML and as text', () => {
    const { html, text } = renderMarkdown(
      '# Title\n\nFirst line\ncontinues here.\n\n- one\n- **two**\n\n1. first\n2. second\n\n> quoted\n\n---\n\nEnd',
    );
    expect(html).toMatch(/^<h1 style="[^"]+">Title<\/h1>/);
    expect(html).toContain('>First line continues here.</p>');
    expect(html).toMatch(/<ul style="[^"]+"><li>one<\/li><li><strong>two<\/strong><\/li><\/ul>/);
    expect(html).toMatch(/<ol style="[^"]+"><li>first<\/li><li>second<\/li><\/ol>/);
    expect(html).toMatch(/<blockquote style="[^"]+">quoted<\/blockquote>/);
    expect(html).toMatch(/<hr style="[^"]+">/);
    expect(text).toBe(
      'TITLE\n\nFirst line continues here.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n----------\n\nEnd',
    );
  });

  it('escapes every character staff type: HTML shows as text, attributes cannot be broken out of', () => {
    const { html } = renderMarkdown('<img src=x onerror=alert(1)> & "quotes" [a](https://x.test/"onmouseover="y)');
    expect(html).not.toMatch(/<img|onerror=alert\(1\)>/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).not.toContain('href="https://x.test/"onmouseover');
  });

  it('links only to http(s) and mailto; other schemes stay as typed text', () => {
    const { html, text } = renderMarkdown(
      '[ok](https://shop.test/a?b=1&c=2) [mail](mailto:hi@shop.test) [bad](javascript:alert(1)) [data](data:text/html,x) see https://shop.test/x.',
    );
    expect(html).toContain('<a href="https://shop.test/a?b=1&amp;c=2" style="color:#4f46e5">ok</a>');
    expect(html).toContain('<a href="mailto:hi@shop.test"');
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain('[bad](javascript:alert(1))');
    expect(html).toContain('<a href="https://shop.test/x" style="color:#4f46e5">https://shop.test/x</a>.');
    expect(text).toContain('ok (https://shop.test/a?b=1&c=2)');
  });

  it('keeps unpaired markers and arithmetic as typed', () => {
    expect(renderMarkdown('2 * 3 * 4 and snake_case_name and **open').html).toContain(
      '2 * 3 * 4 and snake_case_name and **open',
    );
    expect(renderMarkdown('*a* _b_ `c<d`').html).toContain('<em>a</em> <em>b</em> <code style=');
  });

  it('ends a bare address where a link or code span starts', () => {
    const { html } = renderMarkdown('https://a.test[x](https://b.test)`c`https://c.test');
    expect(html).not.toContain('\u0000');
    expect(html).toContain(
      '<a href="https://a.test" style="color:#4f46e5">https://a.test</a><a href="https://b.test" style="color:#4f46e5">x</a><code',
    );
  });

  it('makes a video link on its own line a plain link, and links nothing relative (a mail has no site)', () => {
    const { html, text } = renderMarkdown('Watch:\n\nhttps://youtu.be/abc\n\n[guide](/guide/x) ![logo](/a.png)');
    expect(html).toContain(
      '<p style="line-height:1.6;margin:0 0 12px"><a href="https://youtu.be/abc" style="color:#4f46e5">https://youtu.be/abc</a></p>',
    );
    expect(html).not.toMatch(/href="\/|src="\//);
    expect(html).toContain('[guide](/guide/x)');
    expect(text).toBe('Watch:\n\nhttps://youtu.be/abc\n\n[guide](/guide/x) ![logo](/a.png)');
  });

  it('renders crafted lines in linear time (every recipient gets one rendering)', () => {
    const units = ['**a ', '~~a ', '*a ', '_a ', '[a](', '![a](b(', '- ', 'https://a', 'http://.', '> '];
    const crafted = units.map((unit) => unit.repeat(30_000));
    crafted.push(`# ${' '.repeat(100_000)}x`, `# ${'#'.repeat(100_000)} x`, `https://${'.'.repeat(100_000)}`);
    crafted.push(`${'*'.repeat(20_000)}a${'*'.repeat(20_000)}`, `${'> - '.repeat(20_000)}x`);
    for (const line of crafted) {
      const started = performance.now();
      renderMarkdown(line);
      expect(performance.now() - started, line.slice(0, 8)).toBeLessThan(1_000);
    }
  });
});
