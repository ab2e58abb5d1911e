import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { cn } from '#lib/cn.ts';
import type { GeneratorData } from '../api/generator.ts';
import { parseProxyLine, type ProxyEndpoint, type ProxyList } from '../utils/proxy-lines.ts';
import { buildSnippet, SNIPPET_LABELS, SNIPPET_LANGUAGES, type SnippetLanguage } from '../utils/snippets.ts';
import { CopyButton } from './copy-button.tsx';

/** Code for the first proxy of the list (or the plain credentials while the list is empty). */
export function CodeSnippetsCard({ list, data }: { list: ProxyList; data: GeneratorData }) {
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const first = list.lines[0];
  const endpoint: ProxyEndpoint = (first && parseProxyLine(first, list.format)) || {
    host: data.host,
    port: data.ports[list.porttype],
    username: data.username,
    password: data.password,
  };
  const code = buildSnippet(language, endpoint, list.porttype);

  // WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = SNIPPET_LANGUAGES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (index - 1 + last + 1) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setLanguage(SNIPPET_LANGUAGES[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <Card>
      <CardHeader title="Code snippets" description="The first proxy of the list, ready to paste." />
      <CardBody className="space-y-3">
        <div
          role="tablist"
          aria-label="Language"
          className="flex max-w-full gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        >
          {SNIPPET_LANGUAGES.map((item, index) => {
            const selected = item === language;
            return (
              <button
                key={item}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setLanguage(item)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cn(
                  '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  selected
                    ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                    : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200',
                )}
              >
                {SNIPPET_LABELS[item]}
              </button>
            );
          })}
        </div>
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${language}`} className="relative">
          <pre
            tabIndex={0}
            role="region"
            aria-label={`${SNIPPET_LABELS[language]} example`}
            className="overflow-x-auto rounded-lg bg-slate-900 p-4 pr-12 font-mono text-xs leading-5 text-slate-100 dark:bg-slate-950 dark:ring-1 dark:ring-slate-800"
          >
            <code data-testid="snippet">{code}</code>
          </pre>
          <div className="absolute top-2 right-2 [&_button]:text-slate-300 [&_button:hover]:bg-slate-800 [&_button:hover]:text-white">
            <CopyButton text={code} what={`${SNIPPET_LABELS[language]} snippet`} />
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
