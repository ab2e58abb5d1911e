import type { RefObject } from 'react';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';

type Edit = (selected: string) => { text: string; select?: [number, number] };

/** Wraps the selection (or inserts a sample) in the Markdown the mail renderer understands. */
const ACTIONS: Array<{ label: string; icon: typeof Bold; edit: Edit }> = [
  {
    label: 'Bold',
    icon: Bold,
    edit: (s) => ({ text: `**${s || 'bold text'}**`, select: [2, 2 + (s || 'bold text').length] }),
  },
  {
    label: 'Italic',
    icon: Italic,
    edit: (s) => ({ text: `*${s || 'italic text'}*`, select: [1, 1 + (s || 'italic text').length] }),
  },
  { label: 'Heading', icon: Heading2, edit: (s) => ({ text: `\n## ${s || 'Heading'}\n` }) },
  {
    label: 'Bulleted list',
    icon: List,
    edit: (s) => ({
      text: `\n${(s || 'First item\nSecond item')
        .split('\n')
        .map((l) => `- ${l}`)
        .join('\n')}\n`,
    }),
  },
  {
    label: 'Numbered list',
    icon: ListOrdered,
    edit: (s) => ({
      text: `\n${(s || 'First step\nSecond step')
        .split('\n')
        .map((l, i) => `${i + 1}. ${l}`)
        .join('\n')}\n`,
    }),
  },
  { label: 'Quote', icon: Quote, edit: (s) => ({ text: `\n> ${s || 'Quoted text'}\n` }) },
  {
    label: 'Link',
    icon: Link2,
    edit: (s) => ({
      text: `[${s || 'link text'}](https://)`,
      select: [(s || 'link text').length + 3, (s || 'link text').length + 11],
    }),
  },
];

export function MarkdownToolbar({
  target,
  value,
  onChange,
}: {
  target: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (next: string) => void;
}) {
  const apply = (edit: Edit) => {
    const area = target.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const { text, select } = edit(value.slice(start, end));
    onChange(value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      const [from, to] = select ?? [text.length, text.length];
      area.setSelectionRange(start + from, start + to);
    });
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1">
      {ACTIONS.map(({ label, icon: Icon, edit }) => (
        <Button
          key={label}
          type="button"
          variant="ghost"
          size="icon"
          title={label}
          aria-label={label}
          onClick={() => apply(edit)}
        >
          <Icon className="size-4" aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
