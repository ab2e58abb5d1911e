import { describe, expect, it } from 'vitest';
import { mediaUrl, readingMinutes, renderMarkdown, safeUrl, slugify } from './markdown';

const html = (source: string) =>
  renderMarkdown(source)
    .blocks.map((block) => (block.type === 'html' ? block.html : `[media ${block.url}]`))
    .join('\n');

describe('the blog Markdown', () => {
  it('renders the toolbar subset', () => {
    expect(html('Some **bold**, *italic*, _also_, ~~old~~ and `code`.')).toBe(
      '<p>Some <strong>bold</strong>, <em>italic</em>, <em>also</em>, <del>old</del> and <code>code</code>.</p>',
    );
    expect(html('- one\n- two\n\n1. first\n2. second')).toBe(
      '<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>',
    );
    expect(html('> quoted\n> twice')).toBe('<blockquote><p>quoted<br>\ntwice</p></blockquote>');
    expect(html('```\n<b>x</b>\n```')).toBe('<pre tabindex="0"><code>&lt;b&gt;x&lt;/b&gt;</code></pre>');
    expect(html('[site](https://example.com) ![alt](/uploads/blog/a.webp)')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer">site</a> <img src="/uploads/blog/a.webp" alt="alt" loading="lazy"></p>',
    );
  });

  it('escapes raw HTML and drops dangerous addresses', () => {
    const out = html(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) ![y](data:image/png;base64,AA)',
    );
    expect(out).not.toMatch(/<script|<img src=x|href="javascript|src="data/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html('[wiki](https://en.wikipedia.org/wiki/Proxy_(computing)) [bad](javascript:alert(1))')).toBe(
      '<p><a href="https://en.wikipedia.org/wiki/Proxy_(computing)" rel="noopener noreferrer">wiki</a> bad</p>',
    );
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('JavaScript:alert(1)')).toBeNull();
    expect(safeUrl('/guide/foxy-proxy')).toBe('/guide/foxy-proxy');
  });

  it('gives headings unique ids for the table of contents; # counts as a section, the title is the h1', () => {
    const { headings } = renderMarkdown('# Setup\n\n## Setup\n\n### Step *one*\n\n#### Deep');
    expect(headings).toEqual([
      { id: 'setup', text: 'Setup', level: 2 },
      { id: 'setup-2', text: 'Setup', level: 2 },
      { id: 'step-one', text: 'Step one', level: 3 },
      { id: 'deep', text: 'Deep', level: 4 },
    ]);
  });

  it('makes a media block of a YouTube, Vimeo or SoundCloud link alone on its line, nothing else', () => {
    expect(mediaUrl('https://youtu.be/abc')).toBe('https://youtu.be/abc');
    expect(mediaUrl('[Demo](https://vimeo.com/123)')).toBe('https://vimeo.com/123');
    expect(mediaUrl('https://soundcloud.com/a/b')).toBe('https://soundcloud.com/a/b');
    expect(mediaUrl('http://youtube.com/watch?v=1')).toBeNull();
    expect(mediaUrl('https://example.com/video')).toBeNull();
    expect(html('Intro\nhttps://www.youtube.com/watch?v=x\nafter')).toBe(
      '<p>Intro</p>\n[media https://www.youtube.com/watch?v=x]\n<p>after</p>',
    );
  });

  it('counts reading time and makes slugs', () => {
    expect(readingMinutes('word '.repeat(450))).toBe(2);
    expect(readingMinutes('')).toBe(1);
    expect(slugify('Proxies für Ärzte: 101!')).toBe('proxies-fur-arzte-101');
    expect(slugify('日本語')).toBe('');
  });

  it('renders crafted lines in linear time (posts are rendered on every public read)', () => {
    const crafted = ['**a ', '~~a ', '*a ', '_a ', '[a](', '![a](b(', '- '].map((unit) => unit.repeat(30_000));
    crafted.push(`# ${' '.repeat(100_000)}x`, `# ${'#'.repeat(100_000)} x`);
    for (const line of crafted) {
      const started = performance.now();
      renderMarkdown(line);
      expect(performance.now() - started, line.slice(0, 8)).toBeLessThan(1_000);
    }
  });
});
