import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  Image,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Youtube,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { applyMarkdown, type MarkdownAction } from './markdown-edits.ts';

const TOOLS: Array<{ action: MarkdownAction; label: string; icon: LucideIcon; keys?: string }> = [
  { action: 'h2', label: 'Heading', icon: Heading2 },
  { action: 'h3', label: 'Subheading', icon: Heading3 },
  { action: 'bold', label: 'Bold', icon: Bold, keys: 'Ctrl+B' },
  { action: 'italic', label: 'Italic', icon: Italic, keys: 'Ctrl+I' },
  { action: 'link', label: 'Link', icon: Link2, keys: 'Ctrl+K' },
  { action: 'ul', label: 'Bulleted list', icon: List },
  { action: 'ol', label: 'Numbered list', icon: ListOrdered },
  { action: 'quote', label: 'Quote', icon: Quote },
  { action: 'code', label: 'Code', icon: Code },
  { action: 'image', label: 'Image link', icon: Image },
  { action: 'media', label: 'Video or audio link (YouTube, Vimeo, SoundCloud)', icon: Youtube },
];
const SHORTCUTS: Record<string, MarkdownAction> = { b: 'bold', i: 'italic', k: 'link' };

/**
 * The one Markdown editor (blog posts, mail campaigns): a textarea with a toolbar writing the subset
 * the shared renderer (contract `content/markdown.ts`) reads. With `preview`, a live preview beside it
 * (side by side on wide screens, tabs on narrow ones); a screen whose preview comes from elsewhere
 * (a campaign's, rendered by the server as customers get it) leaves it out.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 18,
  preview,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  /** The source as readers see it; the editor only places it. */
  preview?: (value: string) => ReactNode;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  const run = (action: MarkdownAction) => {
    const el = area.current;
    if (!el) return;
    const edit = applyMarkdown(action, value, el.selectionStart, el.selectionEnd);
    onChange(edit.value);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(edit.start, edit.end);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = (event.ctrlKey || event.metaKey) && SHORTCUTS[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    run(action);
  };

  const tabClass = (active: boolean) =>
    cn(
      'rounded-md px-3 py-1 text-sm font-medium xl:hidden',
      active
        ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
        : 'text-slate-600 dark:text-slate-300',
    );
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
        {preview && (
          <div
            className="flex rounded-lg bg-slate-100 p-0.5 xl:hidden dark:bg-slate-800"
            role="group"
            aria-label={`${label} view`}
          >
            <button
              type="button"
              className={tabClass(tab === 'write')}
              aria-pressed={tab === 'write'}
              onClick={() => setTab('write')}
            >
              Write
            </button>
            <button
              type="button"
              className={tabClass(tab === 'preview')}
              aria-pressed={tab === 'preview'}
              onClick={() => setTab('preview')}
            >
              Preview
            </button>
          </div>
        )}
      </div>
      <div className={cn('grid gap-3', preview && 'xl:grid-cols-2')}>
        <div className={cn(tab === 'preview' && 'max-xl:hidden')}>
          <div
            role="toolbar"
            aria-label={`${label} formatting`}
            className="flex flex-wrap gap-0.5 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 p-1 dark:border-slate-700 dark:bg-slate-800/60"
          >
            {TOOLS.map(({ action, label: toolLabel, icon: Icon, keys }) => (
              <button
                key={action}
                type="button"
                onClick={() => run(action)}
                title={keys ? `${toolLabel} (${keys})` : toolLabel}
                aria-label={toolLabel}
                className="rounded p-1.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
              >
                <Icon className="size-4" aria-hidden="true" />
              </button>
            ))}
          </div>
          <textarea
            ref={area}
            id={id}
            value={value}
            rows={rows}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            spellCheck
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            className={cn(
              'block w-full rounded-b-lg border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100',
              error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
            )}
          />
        </div>
        {preview && (
          <section
            aria-label={`${label} preview`}
            // It scrolls on its own: keyboard users reach it too.
            tabIndex={0}
            className={cn(
              'max-h-[40rem] min-h-40 overflow-y-auto rounded-lg border border-slate-200 bg-white px-5 py-2 dark:border-slate-800 dark:bg-slate-950',
              tab === 'write' && 'max-xl:hidden',
            )}
          >
            {value.trim() ? (
              preview(value)
            ) : (
              <p className="py-6 text-sm text-slate-500 dark:text-slate-400">
                The preview appears here as readers see it.
              </p>
            )}
          </section>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
