/** One toolbar action on the editor's text: the new text and what to select afterwards. */
export interface Edit {
  value: string;
  start: number;
  end: number;
}

export type MarkdownAction =
  'h2' | 'h3' | 'bold' | 'italic' | 'code' | 'link' | 'ul' | 'ol' | 'quote' | 'image' | 'media';

const WRAPS: Partial<Record<MarkdownAction, [string, string, string]>> = {
  bold: ['**', '**', 'bold text'],
  italic: ['*', '*', 'italic text'],
  code: ['`', '`', 'code'],
  link: ['[', '](https://)', 'link text'],
  image: ['![', '](https://)', 'image description'],
};
const LINE_PREFIX: Partial<Record<MarkdownAction, string>> = {
  h2: '## ',
  h3: '### ',
  ul: '- ',
  ol: '1. ',
  quote: '> ',
};

/** Applies a toolbar action to the selection [start, end) of `value`. */
export function applyMarkdown(action: MarkdownAction, value: string, start: number, end: number): Edit {
  const selected = value.slice(start, end);
  const wrap = WRAPS[action];
  if (wrap) {
    const [before, after, placeholder] = wrap;
    const text = selected || placeholder;
    const next = value.slice(0, start) + before + text + after + value.slice(end);
    return { value: next, start: start + before.length, end: start + before.length + text.length };
  }
  if (action === 'media') {
    // A media link works on a line of its own (the page shows a player there).
    const url = selected.trim() || 'https://www.youtube.com/watch?v=';
    const lead = start > 0 && value[start - 1] !== '\n' ? '\n\n' : '';
    const block = `${lead}${url}\n\n`;
    const next = value.slice(0, start) + block + value.slice(end);
    return { value: next, start: start + lead.length, end: start + lead.length + url.length };
  }
  const prefix = LINE_PREFIX[action]!;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const newline = value.indexOf('\n', end);
  const lineEnd = newline === -1 ? value.length : newline;
  const block = value.slice(lineStart, lineEnd);
  const lines = block.split('\n');
  const numbered = action === 'ol';
  const changed = lines
    .map((line, index) => {
      const bare = line.replace(/^(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/, '');
      return `${numbered ? `${index + 1}. ` : prefix}${bare}`;
    })
    .join('\n');
  const next = value.slice(0, lineStart) + changed + value.slice(lineEnd);
  return { value: next, start: lineStart, end: lineStart + changed.length };
}
