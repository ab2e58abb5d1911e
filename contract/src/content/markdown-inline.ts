import { escapeHtml } from './escape-html';
import type { Inline } from './markdown-parse';

/**
 * How inline markup is written out. The blog takes the defaults; mail (see the server's
 * `platform/mail/markdown.ts`) asks for inline styles, because mail clients drop style sheets, and is
 * `standalone`: no `rel` on links (there is no page of ours to protect) and a line break is a space.
 */
export interface InlineOptions {
  style?: Partial<Record<'a' | 'code' | 'img', string>>;
  standalone?: boolean;
}

const TAGS = { strong: 'strong', em: 'em', del: 'del' } as const;

/** Inline markup as HTML: every character of the source escaped, only the tags made here. */
export function renderInline(nodes: readonly Inline[], options: InlineOptions = {}): string {
  const { style = {}, standalone = false } = options;
  const attr = (tag: keyof typeof style) => (style[tag] ? ` style="${escapeHtml(style[tag])}"` : '');
  const write = (node: Inline): string => {
    switch (node.type) {
      case 'text':
        return escapeHtml(node.text);
      case 'code':
        return `<code${attr('code')}>${escapeHtml(node.code)}</code>`;
      case 'break':
        return standalone ? ' ' : '<br>\n';
      case 'image':
        return `<img src="${escapeHtml(node.src)}" alt="${escapeHtml(node.alt)}"${attr('img')} loading="lazy">`;
      case 'link': {
        const rel = !standalone && /^https?:/i.test(node.href) ? ' rel="noopener noreferrer"' : '';
        return `<a href="${escapeHtml(node.href)}"${rel}${attr('a')}>${node.children.map(write).join('')}</a>`;
      }
      default:
        return `<${TAGS[node.type]}>${node.children.map(write).join('')}</${TAGS[node.type]}>`;
    }
  };
  return nodes.map(write).join('');
}

/** Inline markup as text: the words, and with `addresses` each link's and image's address after it. */
function words(nodes: readonly Inline[], addresses: boolean): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
          return node.text;
        case 'code':
          return node.code;
        case 'break':
          return ' ';
        case 'image':
          if (!addresses) return node.alt;
          return node.alt ? `${node.alt} (${node.src})` : node.src;
        case 'link': {
          const label = words(node.children, addresses);
          return addresses && label !== node.href ? `${label} (${node.href})` : label;
        }
        default:
          return words(node.children, addresses);
      }
    })
    .join('');
}

/** A mail's text part: markup taken off, links written `label (address)`, unpaired markers kept. */
export const textInline = (nodes: readonly Inline[]) => words(nodes, true);

/** The words of inline markup, without the markup: for headings' ids, reading time and excerpts. */
export const plainInline = (nodes: readonly Inline[]) => words(nodes, false).trim();
