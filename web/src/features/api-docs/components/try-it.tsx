import { useState, type FormEvent } from 'react';
import { Play } from 'lucide-react';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import type { OpenApiParameter } from '../api/get-openapi.ts';
import { constraintsOf, type JsonSchema } from '../utils/schema.ts';

interface Answer {
  status: number;
  type: string;
  text: string;
}

const choicesOf = (schema: JsonSchema | undefined) =>
  (schema?.enum ?? schema?.anyOf?.flatMap((s) => s.enum ?? []) ?? []).map(String);

/** Pretty JSON when it is JSON; text (a proxy list, CSV) as it came. */
function shown(answer: Answer) {
  if (!answer.type.includes('json')) return answer.text;
  try {
    return JSON.stringify(JSON.parse(answer.text), null, 2);
  } catch {
    return answer.text;
  }
}

/**
 * Calls the live API with the reader's own key. The key lives in this component's state only:
 * never stored, never put into the examples or the address bar, gone when the page closes.
 */
export function TryIt({
  path,
  parameters,
  values,
  onChange,
}: {
  path: string;
  parameters: OpenApiParameter[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = parameters.filter((p) => p.in === 'query' && p.name !== 'api_key');

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const query = new URLSearchParams(Object.entries(values).filter(([, v]) => v !== '')).toString();
      // Plain fetch, not the app's client: a 401 here is about the pasted key, not the reader's session.
      const response = await fetch(`${path}${query ? `?${query}` : ''}`, {
        headers: key ? { 'x-api-key': key } : {},
        cache: 'no-store',
      });
      setAnswer({
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        text: await response.text(),
      });
    } catch {
      setAnswer(null);
      setFailure('The request did not reach the server. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="try-it-title" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h4 id="try-it-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Try it
      </h4>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Calls the live API with your key. The key stays in this page only and is never saved.
      </p>
      <form noValidate onSubmit={(e) => void send(e)} aria-label="Try it" className="mt-4 space-y-4">
        <Input
          label="API key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="tg_live_…"
          value={key}
          onChange={(e) => setKey(e.target.value.trim())}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((p) => {
            const choices = choicesOf(p.schema);
            const hint = [p.required ? 'required' : 'optional', constraintsOf(p.schema)].filter(Boolean).join(' · ');
            return choices.length > 0 ? (
              <Select
                key={p.name}
                label={p.name}
                hint={hint}
                value={values[p.name] ?? ''}
                onChange={(e) => onChange(p.name, e.target.value)}
              >
                <option value="">(default)</option>
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                key={p.name}
                label={p.name}
                hint={hint}
                value={values[p.name] ?? ''}
                onChange={(e) => onChange(p.name, e.target.value)}
              />
            );
          })}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? (
              <Spinner label="Sending" className="[&_svg]:text-white" />
            ) : (
              <Play className="size-4" aria-hidden />
            )}
            Send request
          </Button>
        </div>
      </form>
      {failure && <Alert className="mt-4">{failure}</Alert>}
      {answer && (
        <div className="mt-4">
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            HTTP{' '}
            <span data-testid="try-it-status" className="font-mono font-semibold">
              {answer.status}
            </span>
          </p>
          <pre
            tabIndex={0}
            role="region"
            aria-label="Response"
            data-testid="try-it-response"
            className="max-h-96 overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 text-slate-200"
          >
            {shown(answer)}
          </pre>
        </div>
      )}
    </section>
  );
}
