import { useState } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';
import { notify } from '#lib/toast.ts';
import {
  clientExample,
  curlExample,
  KEY_ENV,
  nodeExample,
  phpExample,
  pythonExample,
  TOKEN_ENV,
  type ExampleCall,
} from '@tollgate/contract/api-samples';

const LANGUAGES = [
  { id: 'curl', label: 'curl', build: curlExample },
  { id: 'python', label: 'Python', build: pythonExample },
  { id: 'node', label: 'Node', build: nodeExample },
  { id: 'php', label: 'PHP', build: phpExample },
  { id: 'client', label: 'Typed client', build: clientExample },
] as const;

/**
 * The call in curl, Python, Node, PHP and, for the key APIs (whose calls the typed client makes), the
 * typed client, as tabs; each follows the values typed into "try it".
 */
export function CodeExamples({ call }: { call: ExampleCall }) {
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]['id']>('curl');
  const languages = LANGUAGES.filter((l) => l.id !== 'client' || (call.operationId && call.auth.includes('apiKey')));
  const current = languages.find((l) => l.id === language) ?? languages[0]!;
  const code = current.build(call);
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Example request
        </h4>
        <div className="flex items-center gap-1">
          <div role="tablist" aria-label="Example language" className="flex gap-1">
            {languages.map((l) => (
              <button
                key={l.id}
                type="button"
                role="tab"
                aria-selected={l.id === language}
                onClick={() => setLanguage(l.id)}
                className={cn(
                  'rounded-md px-2.5 py-1 text-xs font-medium',
                  l.id === language
                    ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
                    : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                {l.label}
              </button>
            ))}
          </div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(code).then(
                () => notify('success', 'Example copied'),
                () => undefined,
              )
            }
          >
            <Copy className="size-4" aria-hidden /> Copy
          </Button>
        </div>
      </div>
      <div>
        <pre
          tabIndex={0}
          role="region"
          aria-label={`${current.label} example`}
          data-testid={`example-${current.id}`}
          className="overflow-x-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 text-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {code}
        </pre>
      </div>
      {call.auth.length > 0 && (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Set {call.auth.includes('apiKey') && <code className="font-mono">{KEY_ENV}</code>}
          {call.auth.length > 1 && ' and '}
          {call.auth.includes('bearer') && <code className="font-mono">{TOKEN_ENV}</code>} first
          {call.auth.includes('apiKey') && !call.auth.includes('bearer') && ' (a key from Settings → API keys)'}.
        </p>
      )}
    </div>
  );
}
