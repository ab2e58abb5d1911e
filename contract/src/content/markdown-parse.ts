import MarkdownIt, { type StateBlock, type Token } from 'markdown-it';
import { absoluteUrl, mediaUrl, safeUrl } from './markdown-urls';

/**
 * The app's one Markdown parse: markdown-it (a maintained CommonMark parser, linear on crafted input)
 * turned into a small tree the blog (`markdown.ts`) and campaign mail (the server's mail adapter)
 * each write out in their own way. Only the subset the editor's toolbar writes is switched on:
 * headings, paragraphs, lists, quotes, rules, fenced code, **bold**, *italic*, ~~strike~~, `code`,
 * links and images. Raw HTML, entities, backslash escapes, tables, reference links, indented code
 * and underlined headings are off: what staff type shows as typed, and every character of it is
 * escaped by the writers. A line holding nothing but a link to a supported video or audio host is a
 * media block the blog shows as a player.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; code: string }
  | { type: 'break' }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; src: string; alt: string };

export type MarkdownBlock =
  | { type: 'heading'; depth: number; inline: Inline[] }
  | { type: 'paragraph'; inline: Inline[] }
  /** A tight list's paragraphs are written without `<p>`. */
  | { type: 'list'; ordered: boolean; tight: boolean; items: MarkdownBlock[][] }
  | { type: 'quote'; blocks: MarkdownBlock[] }
  | { type: 'rule' }
  | { type: 'code'; code: string }
  | { type: 'media'; url: string };

export interface ParseOptions {
  /**
   * For mail, which has no site to be relative to: only http(s) and mailto addresses link, bare
   * https:// addresses become links, and any other link or image stays as typed. Without it (the
   * blog) links and images keep http(s), mailto, same-site and #anchor addresses; a link to
   * anything else keeps only its words, an image stays as typed.
   */
  standalone?: boolean;
}

/** A top-level line that is only a media link ends the paragraph above it and stands alone. */
function mediaRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.level > 0 || state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const url = mediaUrl(state.src.slice(state.bMarks[startLine]! + state.tShift[startLine]!, state.eMarks[startLine]));
  if (!url) return false;
  if (silent) return true;
  const token = state.push('media', '', 0);
  token.content = url;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

function parser(standalone: boolean): MarkdownIt {
  const md = new MarkdownIt('zero', { html: false, linkify: standalone }).enable([
    'heading',
    'list',
    'blockquote',
    'hr',
    'fence',
    'newline',
    'backticks',
    'emphasis',
    'strikethrough',
    'link',
    'image',
    ...(standalone ? ['linkify'] : []),
  ]);
  md.block.ruler.before('paragraph', 'media', mediaRule, { alt: ['paragraph', 'blockquote', 'list'] });
  // The blog checks its links while building the tree (a refused link keeps its words); mail
  // refuses here, so markdown-it leaves the link as typed.
  md.validateLink = standalone ? (url) => absoluteUrl(url) !== null : () => true;
  if (standalone)
    md.linkify
      .set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
      .add('ftp:', null)
      .add('//', null)
      .add('mailto:', null);
  return md;
}

const parsers = { site: parser(false), standalone: parser(true) };

/** The words of inline content, for alt text and link labels. */
function wordsOf(tokens: Token[]): string {
  return tokens.map((token) => (token.children ? wordsOf(token.children) : token.content)).join('');
}

/**
 * Deeper emphasis than this is written as typed: markdown-it pairs any number of markers, and the
 * writers recurse once per level.
 */
const MAX_DEPTH = 16;

function inlineOf(tokens: Token[]): Inline[] {
  const root: Inline[] = [];
  // Each open element's children, or (a refused link, emphasis too deep) the list around it and
  // the markers to write back as text when it closes.
  const open: Array<{ into: Inline[]; markup?: string }> = [{ into: root }];
  const text = (value: string) => {
    const into = open.at(-1)!.into;
    const last = into.at(-1);
    if (last?.type === 'text') last.text += value;
    else into.push({ type: 'text', text: value });
  };
  const enter = (node: Extract<Inline, { children: Inline[] }>) => {
    open.at(-1)!.into.push(node);
    open.push({ into: node.children });
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        text(token.content);
        break;
      case 'code_inline':
        open.at(-1)!.into.push({ type: 'code', code: token.content });
        break;
      case 'softbreak':
      case 'hardbreak':
        open.at(-1)!.into.push({ type: 'break' });
        break;
      case 'strong_open':
      case 'em_open':
      case 's_open':
        if (open.length > MAX_DEPTH) {
          text(token.markup);
          open.push({ into: open.at(-1)!.into, markup: token.markup });
        } else enter({ type: token.tag === 's' ? 'del' : (token.tag as 'strong' | 'em'), children: [] });
        break;
      case 'link_open': {
        const href = safeUrl(token.attrGet('href') ?? '');
        // A refused link's words stay in the text around it.
        if (href && open.length <= MAX_DEPTH) enter({ type: 'link', href, children: [] });
        else open.push({ into: open.at(-1)!.into, markup: '' });
        break;
      }
      case 'image': {
        const src = safeUrl(token.attrGet('src') ?? '');
        if (src) open.at(-1)!.into.push({ type: 'image', src, alt: wordsOf(token.children ?? []) });
        else text(`![${token.content}](${token.attrGet('src') ?? ''})`);
        break;
      }
      case 'strong_close':
      case 'em_close':
      case 's_close':
      case 'link_close': {
        if (open.length === 1) break;
        const { markup } = open.pop()!;
        if (markup) text(markup);
        break;
      }
      default:
        if (token.content) text(token.content);
    }
  }
  return root;
}

/** Rebuilds the nesting of markdown-it's flat block tokens. */
function blocksOf(tokens: Token[]): MarkdownBlock[] {
  let i = 0;
  const inlineAt = (index: number) => inlineOf(tokens[index]?.children ?? []);
  const read = (close?: string): MarkdownBlock[] => {
    const blocks: MarkdownBlock[] = [];
    while (i < tokens.length && tokens[i]!.type !== close) {
      const token = tokens[i++]!;
      switch (token.type) {
        case 'heading_open':
          blocks.push({ type: 'heading', depth: Number(token.tag.slice(1)), inline: inlineAt(i) });
          i += 2;
          break;
        case 'paragraph_open':
          blocks.push({ type: 'paragraph', inline: inlineAt(i) });
          i += 2;
          break;
        case 'bullet_list_open':
        case 'ordered_list_open': {
          const end = token.type.replace('_open', '_close');
          // markdown-it hides the paragraphs of a tight list (those two levels down).
          let tight = true;
          for (
            let at = i;
            at < tokens.length && !(tokens[at]!.type === end && tokens[at]!.level === token.level);
            at++
          ) {
            const other = tokens[at]!;
            if (other.type === 'paragraph_open' && other.level === token.level + 2) {
              tight = other.hidden;
              break;
            }
          }
          const items: MarkdownBlock[][] = [];
          while (tokens[i]?.type === 'list_item_open') {
            i++;
            items.push(read('list_item_close'));
            i++;
          }
          if (tokens[i]?.type === end) i++;
          blocks.push({ type: 'list', ordered: token.type === 'ordered_list_open', tight, items });
          break;
        }
        case 'blockquote_open':
          blocks.push({ type: 'quote', blocks: read('blockquote_close') });
          i++;
          break;
        case 'hr':
          blocks.push({ type: 'rule' });
          break;
        case 'fence':
          blocks.push({ type: 'code', code: token.content.replace(/\n$/, '') });
          break;
        case 'media':
          blocks.push({ type: 'media', url: token.content });
      }
    }
    return blocks;
  };
  return read();
}

/** The blocks of a Markdown source: the one parse the blog and campaign mail write out. */
export function parseMarkdown(source: string, options: ParseOptions = {}): MarkdownBlock[] {
  const md = options.standalone ? parsers.standalone : parsers.site;
  return blocksOf(md.parse(source, {}));
}
