import { escapeHtml } from './escape-html';

/**
 * The app's one Markdown: the blog's, rendered the same way by the server (stored and served) and by
 * the editor's preview, and campaign mail's (`parseMarkdown` blocks, written out by the server's mail
 * adapter). A deliberate subset: the one editor's toolbar writes nothing else. Raw HTML is never passed
 * through: every character of the source is escaped before any tag is made, links and images keep
 * only http(s), mailto, same-site and #anchor addresses, and the server runs a sanitizer over the
 * result as a second fence. Headings get ids (for the table of contents); a line holding nothing but
 * a link to a supported video or audio host becomes a media block the page shows as a player.
 */

export interface Heading {
  id: string;
  text: string;
  level: 2 | 3 | 4;
}
export type Block = { type: 'html'; html: string } | { type: 'media'; url: string };
export interface Rendered {
  blocks: Block[];
  headings: Heading[];
  /** The words a reader reads, without markup: for reading time and a generated excerpt. */
  text: string;
}

/** Hosts whose links on a line of their own are played in the page (issue 19, embedded media). */
export const MEDIA_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'vimeo.com',
  'www.vimeo.com',
  'player.vimeo.com',
  'soundcloud.com',
  'www.soundcloud.com',
  'on.soundcloud.com',
] as const;

/** A link target the page may carry; anything else (javascript:, data:, //host) is dropped. */
export function safeUrl(raw: string): string | null {
  const url = raw.trim();
  if (/^https?:\/\/[^\s/]+/i.test(url) || /^mailto:[^\s]+$/i.test(url)) return url;
  if (/^\/(?![/\\])/.test(url) || /^#[\w-]*$/.test(url)) return url;
  return null;
}

export function mediaUrl(line: string): string | null {
  const trimmed = line.trim();
  const link = /^\[[^\]]*\]\((\S+)\)$/.exec(trimmed)?.[1] ?? (/^<?(https:\/\/\S+?)>?$/.exec(trimmed)?.[1] || null);
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && (MEDIA_HOSTS as readonly string[]).includes(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

/** Lower-case ASCII words joined by dashes: `Proxy Rotation: 101` -> `proxy-rotation-101`. */
export function slugify(text: string, max = 80): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

const HOLE = '\u0000';
/**
 * A link target: no spaces, balanced parentheses one deep (Wikipedia's `Proxy_(computing)`). Every
 * repetition below is bounded, so a crafted line costs linear time, not quadratic (each post is
 * rendered on every public read).
 */
const TARGET = String.raw`((?:[^()\s]|\([^()\s]{0,200}\)){1,1000})`;
const IMAGE = new RegExp(String.raw`!\[([^\]]{0,300})\]\(` + TARGET + String.raw`\)`, 'g');
const LINK = new RegExp(String.raw`\[([^\]]{1,300})\]\(` + TARGET + String.raw`\)`, 'g');
const SPAN = 300;
const BOLD = new RegExp(String.raw`\*\*(?=\S)([^\n]{0,${SPAN}}?\S)\*\*`, 'g');
const STAR = new RegExp(String.raw`(^|[^\w*])\*(?=\S)([^*]{0,${SPAN}}?\S)\*(?!\w)`, 'g');
const UNDERSCORE = new RegExp(String.raw`(^|[^\w])_(?=\S)([^_]{0,${SPAN}}?\S)_(?!\w)`, 'g');
const STRIKE = new RegExp(String.raw`~~(?=\S)([^\n]{0,${SPAN}}?\S)~~`, 'g');

/**
 * How inline markup is written out. The blog takes the defaults; mail (see the server's
 * `platform/mail/markdown.ts`) asks for inline styles, because mail clients drop style sheets, and
 * for `standalone` addresses: a mail has no site to be relative to, so only http(s) and mailto
 * addresses link, bare https:// addresses become links, and a link to anything else stays as typed.
 */
export interface InlineOptions {
  style?: Partial<Record<'a' | 'code' | 'img', string>>;
  standalone?: boolean;
}

/** An address a mail may carry: absolute http(s) or mailto only. */
const absoluteUrl = (raw: string) => {
  const url = safeUrl(raw);
  return url && /^(https?|mailto):/i.test(url) ? url : null;
};
/** A bare address in running text; trailing punctuation and the pieces already made stay outside. Bounded. */
const BARE = new RegExp(String.raw`https?://[^\s<>"${HOLE}]{0,2000}[^\s<>".,;:!?)${HOLE}]`, 'g');
const HOLES = new RegExp(`${HOLE}(\\d+)${HOLE}`, 'g');

/**
 * Inline markup: `code`, images, links, **bold**, *italic* / _italic_, ~~strike~~ as HTML, or
 * (`text`) as plain text for a mail's text part: the words, with each link's address after it.
 */
function inline(source: string, options: InlineOptions, text: boolean): string {
  const { style = {}, standalone = false } = options;
  const attr = (tag: keyof typeof style) => (style[tag] ? ` style="${escapeHtml(style[tag])}"` : '');
  const check = standalone ? absoluteUrl : safeUrl;
  const kept: string[] = [];
  const keep = (html: string) => `${HOLE}${kept.push(html) - 1}${HOLE}`;
  let out = source
    .replaceAll(HOLE, '')
    .replace(/`([^`]+)`/g, (_, code: string) => keep(text ? code : `<code${attr('code')}>${escapeHtml(code)}</code>`));
  out = out.replace(IMAGE, (whole, alt: string, href: string) => {
    const url = check(href);
    if (!url) return whole;
    if (text) return keep(alt ? `${alt} (${url})` : url);
    return keep(`<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}"${attr('img')} loading="lazy">`);
  });
  out = out.replace(LINK, (whole, label: string, href: string) => {
    const url = check(href);
    if (!url) return standalone ? whole : label;
    if (text) return label + keep(label === url ? '' : ` (${url})`);
    const rel = !standalone && /^https?:/i.test(url) ? ' rel="noopener noreferrer"' : '';
    return keep(`<a href="${escapeHtml(url)}"${rel}${attr('a')}>`) + label + keep('</a>');
  });
  if (standalone)
    out = out.replace(BARE, (url) =>
      keep(text ? url : `<a href="${escapeHtml(url)}"${attr('a')}>${escapeHtml(url)}</a>`),
    );
  return (text ? out : escapeHtml(out))
    .replace(BOLD, text ? '$1' : '<strong>$1</strong>')
    .replace(STAR, text ? '$1$2' : '$1<em>$2</em>')
    .replace(UNDERSCORE, text ? '$1$2' : '$1<em>$2</em>')
    .replace(STRIKE, text ? '$1' : '<del>$1</del>')
    .replace(HOLES, (_, i: string) => kept[Number(i)]!);
}

export const renderInline = (source: string, options: InlineOptions = {}) => inline(source, options, false);
/** A mail's text part: markup taken off, links written `label (address)`, unpaired markers kept. */
export const textInline = (source: string, options: InlineOptions = {}) => inline(source, options, true);

/** The words of inline markup, without the markup. */
export function plainInline(source: string): string {
  return source
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(/[`*_~]/g, '')
    .trim();
}

const FENCE = /^\s*```/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s*>\s?/;
const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d{1,9}[.)]\s+/;

/** `## Title ##` -> `Title`: closing hashes and spaces taken off without a backtracking pattern. */
function headingText(raw: string): string {
  let end = raw.length;
  while (end > 0 && /\s/.test(raw[end - 1]!)) end--;
  let hashes = end;
  while (hashes > 0 && raw[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === 0 || /\s/.test(raw[hashes - 1]!))) end = hashes;
  return raw.slice(0, end).trim();
}
/** Rules are short lines; longer ones are never tested against the pattern. */
const isRule = (line: string) => line.length <= 80 && RULE.test(line);

/**
 * The blocks of a Markdown source, their text still inline Markdown: the one parse both the blog
 * (`renderMarkdown`) and campaign mail (the server's mail adapter) write out, each in its own way.
 */
export type MarkdownBlock =
  | { type: 'heading'; depth: number; text: string }
  | { type: 'paragraph'; lines: string[] }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'quote'; lines: string[] }
  | { type: 'rule' }
  | { type: 'code'; code: string }
  | { type: 'media'; url: string };

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  const special = (line: string) =>
    FENCE.test(line) ||
    HEADING.test(line) ||
    isRule(line) ||
    QUOTE.test(line) ||
    BULLET.test(line) ||
    NUMBER.test(line) ||
    mediaUrl(line) !== null;

  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i]!)) code.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', code: code.join('\n') });
      continue;
    }
    const media = mediaUrl(line);
    if (media) {
      blocks.push({ type: 'media', url: media });
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', depth: heading[1]!.length, text: headingText(heading[2]!) });
      i++;
      continue;
    }
    if (isRule(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    const list = BULLET.test(line) ? BULLET : NUMBER.test(line) ? NUMBER : null;
    if (QUOTE.test(line) || list) {
      const marker = list ?? QUOTE;
      const items: string[] = [];
      while (i < lines.length && marker.test(lines[i]!)) items.push(lines[i++]!.replace(marker, ''));
      blocks.push(list ? { type: 'list', ordered: list === NUMBER, items } : { type: 'quote', lines: items });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && (paragraph.length === 0 || !special(lines[i]!)))
      paragraph.push(lines[i++]!.trim());
    blocks.push({ type: 'paragraph', lines: paragraph });
  }
  return blocks;
}

/** The blog's HTML: headings from h2 (the post's title is the h1) with ids, media blocks apart. */
export function renderMarkdown(source: string): Rendered {
  const blocks: Block[] = [];
  const headings: Heading[] = [];
  const words: string[] = [];
  const ids = new Set<string>();
  let html: string[] = [];
  const flush = () => {
    if (html.length) blocks.push({ type: 'html', html: html.join('\n') });
    html = [];
  };
  for (const block of parseMarkdown(source)) {
    switch (block.type) {
      case 'code':
        // Focusable: a long line scrolls sideways, and keyboard users must reach it too.
        html.push(`<pre tabindex="0"><code>${escapeHtml(block.code)}</code></pre>`);
        words.push(block.code.replace(/\n/g, ' '));
        break;
      case 'media':
        flush();
        blocks.push(block);
        break;
      case 'heading': {
        // The post's title is the page's only h1: '#' and '##' both make a section.
        const level = Math.min(4, Math.max(2, block.depth)) as Heading['level'];
        const text = plainInline(block.text);
        const base = slugify(text) || 'section';
        let id = base;
        for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
        ids.add(id);
        headings.push({ id, text, level });
        html.push(`<h${level} id="${id}">${renderInline(block.text)}</h${level}>`);
        words.push(text);
        break;
      }
      case 'rule':
        html.push('<hr>');
        break;
      case 'quote':
        html.push(`<blockquote><p>${block.lines.map((l) => renderInline(l)).join('<br>\n')}</p></blockquote>`);
        words.push(...block.lines.map(plainInline));
        break;
      case 'list': {
        const tag = block.ordered ? 'ol' : 'ul';
        html.push(`<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`);
        words.push(...block.items.map(plainInline));
        break;
      }
      case 'paragraph':
        html.push(`<p>${block.lines.map((l) => renderInline(l)).join('<br>\n')}</p>`);
        words.push(...block.lines.map(plainInline));
    }
  }
  flush();
  return { blocks, headings, text: words.join(' ').replace(/\s+/g, ' ').trim() };
}

export const WORDS_PER_MINUTE = 200;
export function readingMinutes(text: string): number {
  const count = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(count / WORDS_PER_MINUTE));
}
