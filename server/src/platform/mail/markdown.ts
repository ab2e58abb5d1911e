import { escape } from './templates';

/**
 * The Markdown staff write campaigns in, rendered for mail: safe HTML with inline styles (mail
 * clients drop style sheets) and a plain-text part. A deliberate subset, with no dependency:
 * `#`–`###` headings, paragraphs, `-`/`*` and `1.` lists, `>` quotes, `---` rules, **bold**,
 * *italic*, `code`, [links](https://…) and bare https:// addresses. Every character of the input
 * is escaped; HTML in the text shows as text, and links go only to http(s) and mailto addresses.
 */
export interface RenderedMarkdown {
  html: string;
  text: string;
}

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string }
  | { kind: 'rule' };

const STYLE = {
  h1: 'font-size:22px;line-height:1.3;margin:0 0 16px',
  h2: 'font-size:18px;line-height:1.3;margin:20px 0 12px',
  h3: 'font-size:16px;line-height:1.3;margin:16px 0 8px',
  p: 'line-height:1.6;margin:0 0 12px',
  list: 'line-height:1.6;margin:0 0 12px;padding-left:24px',
  quote: 'border-left:3px solid #cbd5e1;color:#475569;margin:0 0 12px;padding:4px 0 4px 12px;line-height:1.6',
  hr: 'border:none;border-top:1px solid #e2e8f0;margin:20px 0',
  code: 'font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:4px;padding:1px 4px',
  a: 'color:#4f46e5',
};

const LIST_ITEM = /^\s*(?:[-*+]|(\d{1,9})[.)])\s+(.*)$/;

function parse(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^\s{0,3}(#{1,3})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
      i++;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*>\s?/, ''));
      blocks.push({ kind: 'quote', text: quoted.join(' ') });
      continue;
    }
    const first = LIST_ITEM.exec(line);
    if (first) {
      const ordered = first[1] !== undefined;
      const items: string[] = [];
      while (i < lines.length) {
        const item = LIST_ITEM.exec(lines[i]!);
        if (item && (item[1] !== undefined) === ordered) items.push(item[2]!);
        else if (items.length && lines[i]!.trim() && /^\s{2,}/.test(lines[i]!))
          items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !/^\s{0,3}#{1,3}\s/.test(lines[i]!) &&
      !/^\s*>/.test(lines[i]!) &&
      !LIST_ITEM.test(lines[i]!)
    )
      paragraph.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
  }
  return blocks;
}

const SAFE_URL = /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)$/i;

type Inline = { kind: 'text' | 'strong' | 'em' | 'code'; text: string } | { kind: 'link'; text: string; url: string };

/** Splits one block's text into runs; markers that do not pair up stay as typed. */
function inlines(text: string): Inline[] {
  const pattern =
    /\*\*(.+?)\*\*|__(.+?)__|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\*)|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)|(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])/g;
  const runs: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ kind: 'text', text: text.slice(last, match.index) });
    const [whole, strong, strong2, code, linkText, linkUrl, em, em2, bare] = match;
    if (strong ?? strong2) runs.push({ kind: 'strong', text: (strong ?? strong2)! });
    else if (code) runs.push({ kind: 'code', text: code });
    else if (linkText && linkUrl)
      runs.push(
        SAFE_URL.test(linkUrl) ? { kind: 'link', text: linkText, url: linkUrl } : { kind: 'text', text: whole },
      );
    else if (em ?? em2) runs.push({ kind: 'em', text: (em ?? em2)! });
    else if (bare) runs.push({ kind: 'link', text: bare, url: bare });
    last = match.index + whole.length;
  }
  if (last < text.length) runs.push({ kind: 'text', text: text.slice(last) });
  return runs;
}

function inlineHtml(text: string): string {
  return inlines(text)
    .map((run) => {
      switch (run.kind) {
        case 'strong':
          return `<strong>${escape(run.text)}</strong>`;
        case 'em':
          return `<em>${escape(run.text)}</em>`;
        case 'code':
          return `<code style="${STYLE.code}">${escape(run.text)}</code>`;
        case 'link':
          return `<a href="${escape(run.url)}" style="${STYLE.a}">${escape(run.text)}</a>`;
        default:
          return escape(run.text);
      }
    })
    .join('');
}

function inlineText(text: string): string {
  return inlines(text)
    .map((run) => (run.kind === 'link' && run.text !== run.url ? `${run.text} (${run.url})` : run.text))
    .join('');
}

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const blocks = parse(markdown);
  const html = blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `<h${block.level} style="${STYLE[`h${block.level}`]}">${inlineHtml(block.text)}</h${block.level}>`;
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul';
          return `<${tag} style="${STYLE.list}">${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`;
        }
        case 'quote':
          return `<blockquote style="${STYLE.quote}">${inlineHtml(block.text)}</blockquote>`;
        case 'rule':
          return `<hr style="${STYLE.hr}">`;
        default:
          return `<p style="${STYLE.p}">${inlineHtml(block.text)}</p>`;
      }
    })
    .join('\n');
  const text = blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return inlineText(block.text).toUpperCase();
        case 'list':
          return block.items.map((item, n) => `${block.ordered ? `${n + 1}.` : '-'} ${inlineText(item)}`).join('\n');
        case 'quote':
          return `> ${inlineText(block.text)}`;
        case 'rule':
          return '----------';
        default:
          return inlineText(block.text);
      }
    })
    .join('\n\n');
  return { html, text };
}
