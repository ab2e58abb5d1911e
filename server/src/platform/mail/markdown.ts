import { escapeHtml } from '@tollgate/contract/content/escape-html';
import { renderInline, textInline, type InlineOptions } from '@tollgate/contract/content/markdown-inline';
import { parseMarkdown, type MarkdownBlock } from '@tollgate/contract/content/markdown-parse';

/**
 * Campaign Markdown written out for mail: the blog's own parse (contract `content/markdown-parse.ts`,
 * markdown-it with the editor's subset), its blocks turned into HTML with inline styles (mail clients
 * drop style sheets) and into a plain-text part; every character staff type is escaped. Links go only
 * to http(s) and mailto addresses, bare https:// addresses link too, and a video link on a line of its
 * own (a player on the blog) is a plain link here.
 */
export interface RenderedMarkdown {
  html: string;
  text: string;
}

const STYLE = {
  h1: 'font-size:22px;line-height:1.3;margin:0 0 16px',
  h2: 'font-size:18px;line-height:1.3;margin:20px 0 12px',
  h3: 'font-size:16px;line-height:1.3;margin:16px 0 8px',
  p: 'line-height:1.6;margin:0 0 12px',
  list: 'line-height:1.6;margin:0 0 12px;padding-left:24px',
  quote: 'border-left:3px solid #cbd5e1;color:#475569;margin:0 0 12px;padding:4px 0 4px 12px;line-height:1.6',
  hr: 'border:none;border-top:1px solid #e2e8f0;margin:20px 0',
  pre: 'font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:4px;padding:8px 12px;margin:0 0 12px;white-space:pre-wrap',
  code: 'font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:4px;padding:1px 4px',
  a: 'color:#4f46e5',
  img: 'max-width:100%;height:auto',
};
const INLINE: InlineOptions = { standalone: true, style: { a: STYLE.a, code: STYLE.code, img: STYLE.img } };

/** A list item's or a quote's paragraphs are written without their own `<p>`, as mail has always had them. */
function blockHtml(block: MarkdownBlock, bare = false): string {
  switch (block.type) {
    case 'heading': {
      const level = Math.min(3, block.depth) as 1 | 2 | 3;
      return `<h${level} style="${STYLE[`h${level}`]}">${renderInline(block.inline, INLINE)}</h${level}>`;
    }
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items.map(
        (item) => `<li>${item.map((inner) => blockHtml(inner, block.tight)).join('')}</li>`,
      );
      return `<${tag} style="${STYLE.list}">${items.join('')}</${tag}>`;
    }
    case 'quote':
      return `<blockquote style="${STYLE.quote}">${block.blocks.map((inner) => blockHtml(inner, true)).join('\n')}</blockquote>`;
    case 'rule':
      return `<hr style="${STYLE.hr}">`;
    case 'code':
      return `<pre style="${STYLE.pre}">${escapeHtml(block.code)}</pre>`;
    case 'media':
      return `<p style="${STYLE.p}"><a href="${escapeHtml(block.url)}" style="${STYLE.a}">${escapeHtml(block.url)}</a></p>`;
    case 'paragraph':
      return bare
        ? renderInline(block.inline, INLINE)
        : `<p style="${STYLE.p}">${renderInline(block.inline, INLINE)}</p>`;
  }
}

function blockText(block: MarkdownBlock): string {
  switch (block.type) {
    case 'heading':
      return textInline(block.inline).toUpperCase();
    case 'list':
      return block.items
        .map((item, n) => {
          const [first = '', ...rest] = item.map(blockText).join('\n').split('\n');
          return [`${block.ordered ? `${n + 1}.` : '-'} ${first}`, ...rest.map((line) => `  ${line}`)].join('\n');
        })
        .join('\n');
    case 'quote':
      return block.blocks
        .map(blockText)
        .join('\n')
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'rule':
      return '----------';
    case 'code':
      return block.code;
    case 'media':
      return block.url;
    case 'paragraph':
      return textInline(block.inline);
  }
}

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const blocks = parseMarkdown(markdown, { standalone: true });
  return { html: blocks.map((block) => blockHtml(block)).join('\n'), text: blocks.map(blockText).join('\n\n') };
}
