import { useRef, useState } from 'react';
import { ArrowDown, ArrowUp, CircleHelp, Plus, Trash2 } from 'lucide-react';
import { settingsFaqSchema, type SettingsPayload } from '@tollgate/contract/admin/settings';
import { FaqContent } from '#components/site/faq-content.tsx';
import { Button } from '#components/ui/button.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { issueMap, move, newId, readSetting } from '../utils/setting-values.ts';
import { Preview, SettingCard } from './setting-card.tsx';

interface Row {
  /** Only for React: the setting itself is an ordered list of question and answer. */
  key: string;
  question: string;
  answer: string;
}

const rowsOf = (text: string | undefined): Row[] =>
  readSetting(text, settingsFaqSchema, []).value.map((item) => ({ key: newId(), ...item }));
const valueOf = (rows: Row[]) => rows.map(({ question, answer }) => ({ question, answer }));

/** The questions of /faqs (and /faq in the customer area), in the order given here. */
export function FaqSection({ settings }: { settings: SettingsPayload }) {
  const [saved, setSaved] = useState(() => rowsOf(settings.settings.FAQ));
  const [rows, setRows] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const value = valueOf(rows);
  const result = settingsFaqSchema.safeParse(value);
  const issues = attempted ? issueMap(result) : {};
  const dirty = JSON.stringify(value) !== JSON.stringify(valueOf(saved));
  const edit = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  // A question just added takes the focus, so typing can start at once.
  const added = useRef<string | null>(null);
  const add = () => setRows((current) => [...current, { key: (added.current = newId()), question: '', answer: '' }]);

  return (
    <div className="space-y-6">
      <SettingCard
        id="FAQ"
        title="FAQ"
        what="FAQ"
        description="The questions on the public FAQ page and in the customer area, in this order. Line breaks in an answer are kept."
        keys={['FAQ']}
        settings={settings}
        dirty={dirty}
        build={() => {
          setAttempted(true);
          return result.success ? { FAQ: JSON.stringify(result.data) } : null;
        }}
        onSaved={() => setSaved(rows)}
        onDiscard={() => {
          setRows(saved);
          setAttempted(false);
        }}
      >
        {rows.length === 0 ? (
          <EmptyState icon={CircleHelp} title="No questions" description="Customers see “No questions yet”." />
        ) : (
          <ol className="space-y-4" aria-label="Questions">
            {rows.map((row, index) => {
              const number = index + 1;
              return (
                <li key={row.key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-slate-900 dark:text-white">Question {number}</span>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move question ${number} up`}
                        disabled={index === 0}
                        onClick={() => setRows((current) => move(current, index, -1))}
                      >
                        <ArrowUp className="size-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move question ${number} down`}
                        disabled={index === rows.length - 1}
                        onClick={() => setRows((current) => move(current, index, 1))}
                      >
                        <ArrowDown className="size-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost-danger"
                        size="icon"
                        aria-label={`Remove question ${number}`}
                        onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                  <Input
                    label="Question"
                    autoFocus={row.key === added.current}
                    aria-label={`Question ${number}`}
                    value={row.question}
                    maxLength={300}
                    error={issues[`${index}.question`]}
                    onChange={(event) => edit(index, { question: event.target.value })}
                  />
                  <Textarea
                    className="mt-4"
                    label="Answer"
                    aria-label={`Answer ${number}`}
                    rows={4}
                    maxLength={5000}
                    value={row.answer}
                    error={issues[`${index}.answer`]}
                    onChange={(event) => edit(index, { answer: event.target.value })}
                  />
                </li>
              );
            })}
          </ol>
        )}
        {issues[''] && <p className="text-sm text-red-600 dark:text-red-400">{issues['']}</p>}
        <Button variant="outline" size="sm" onClick={add} disabled={rows.length >= 200}>
          <Plus className="size-4" aria-hidden="true" />
          Add question
        </Button>
      </SettingCard>
      <Preview title="Preview: the FAQ page">
        <FaqContent items={value.filter((item) => item.question.trim() && item.answer.trim())} />
      </Preview>
    </div>
  );
}
