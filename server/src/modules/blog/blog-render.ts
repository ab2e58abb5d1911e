import type { BodyBlock } from '@tollgate/contract/content/blog';
import { renderMarkdown, type Rendered } from '@tollgate/contract/content/markdown';
import sanitizeHtml from 'sanitize-html';

/**
 * The second fence after the Markdown renderer (which escapes all raw HTML itself): only the tags
 * and attributes that renderer makes survive, links and images keep only http(s), mailto and
 * same-site addresses. Should the renderer ever let something through, it stops here.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'loading'],
    pre: ['tabindex'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
};

export const sanitize = (html: string) => sanitizeHtml(html, POLICY);

export function renderSafe(markdown: string): Rendered & { blocks: BodyBlock[] } {
  const rendered = renderMarkdown(markdown);
  return {
    ...rendered,
    blocks: rendered.blocks.map((block) =>
      block.type === 'html' ? { type: 'html', html: sanitize(block.html) } : block,
    ),
  };
}

/** The first sentences of the body, for cards and the meta description. */
export function excerptOf(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = cut.lastIndexOf(' ');
  return `${(end > max / 2 ? cut.slice(0, end) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
