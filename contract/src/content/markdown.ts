import { escapeHtml } from './escape-html';
import { plainInline, renderInline } from './markdown-inline';
import { parseMarkdown, type MarkdownBlock } from './markdown-parse';
import { slugify } from './slugify';

/**
 * The blog's Markdown, rendered the same way by the server (stored and served) and by the editor's
 * preview: the shared parse (`markdown-parse.ts`, markdown-it with the toolbar's subset) written out
 * as HTML. Raw HTML is never passed through: every character of the source is escaped by the
 * writers, links and images keep only http(s), mailto, same-site and #anchor addresses, and the
 * server runs a sanitizer over the result as a second fence. Headings get ids (for the table of
 * contents); a media link on a line of its own is a block the page shows as a player.
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

/** The blog's HTML: headings from h2 (the post's title is the h1) with ids, media blocks apart. */
export function renderMarkdown(source: string): Rendered {
  const blocks: Block[] = [];
  const headings: Heading[] = [];
  const words: string[] = [];
  const ids = new Set<string>();

  const write = (block: MarkdownBlock, tight = false): string => {
    switch (block.type) {
      case 'code':
        words.push(block.code.replace(/\n/g, ' '));
        // Focusable: a long line scrolls sideways, and keyboard users must reach it too.
        return `<pre tabindex="0"><code>${escapeHtml(block.code)}</code></pre>`;
      case 'media':
        // Only a top-level line is a media block; the writer puts it between HTML blocks.
        return '';
      case 'heading': {
        // The post's title is the page's only h1: '#' and '##' both make a section.
        const level = Math.min(4, Math.max(2, block.depth)) as Heading['level'];
        const text = plainInline(block.inline);
        const base = slugify(text) || 'section';
        let id = base;
        for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
        ids.add(id);
        headings.push({ id, text, level });
        words.push(text);
        return `<h${level} id="${id}">${renderInline(block.inline)}</h${level}>`;
      }
      case 'rule':
        return '<hr>';
      case 'quote':
        return `<blockquote>${block.blocks.map((inner) => write(inner)).join('')}</blockquote>`;
      case 'list': {
        const tag = block.ordered ? 'ol' : 'ul';
        const items = block.items.map((item) => `<li>${item.map((inner) => write(inner, block.tight)).join('')}</li>`);
        return `<${tag}>${items.join('')}</${tag}>`;
      }
      case 'paragraph':
        words.push(plainInline(block.inline));
        return tight ? renderInline(block.inline) : `<p>${renderInline(block.inline)}</p>`;
    }
  };

  let html: string[] = [];
  const flush = () => {
    if (html.length) blocks.push({ type: 'html', html: html.join('\n') });
    html = [];
  };
  for (const block of parseMarkdown(source)) {
    if (block.type === 'media') {
      flush();
      blocks.push(block);
    } else html.push(write(block));
  }
  flush();
  return { blocks, headings, text: words.join(' ').replace(/\s+/g, ' ').trim() };
}

export const WORDS_PER_MINUTE = 200;
export function readingMinutes(text: string): number {
  const count = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(count / WORDS_PER_MINUTE));
}
