import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { FaqItem } from '@tollgate/contract/content/blog';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Textarea } from '#components/ui/textarea.tsx';

/** The post's questions and answers, in order; shown at the end of the post with FAQPage data. */
export function FaqEditor({
  items,
  onChange,
  error,
}: {
  items: FaqItem[];
  onChange: (items: FaqItem[]) => void;
  error?: string;
}) {
  const set = (index: number, patch: Partial<FaqItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <div className="space-y-4">
      {items.length === 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          No questions yet. Questions readers ask often help search, too.
        </p>
      )}
      {items.map((item, index) => (
        <fieldset key={index} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Question {index + 1}</legend>
          <div className="space-y-3">
            <Input
              label="Question"
              value={item.question}
              maxLength={300}
              onChange={(event) => set(index, { question: event.target.value })}
            />
            <Textarea
              label="Answer"
              value={item.answer}
              rows={3}
              maxLength={5000}
              onChange={(event) => set(index, { answer: event.target.value })}
            />
            <div className="flex justify-end gap-1">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Move question ${index + 1} up`}
              >
                <ArrowUp className="size-4" aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move question ${index + 1} down`}
              >
                <ArrowDown className="size-4" aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost-danger"
                size="icon"
                onClick={() => onChange(items.filter((_, i) => i !== index))}
                aria-label={`Remove question ${index + 1}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </fieldset>
      ))}
      {error && <p className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={items.length >= 30}
        onClick={() => onChange([...items, { question: '', answer: '' }])}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add question
      </Button>
    </div>
  );
}
