import { useId, useState, type FormEvent } from 'react';
import { Play, RefreshCw } from 'lucide-react';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import type { OpenApiParameter } from '../api/get-openapi.ts';
import type { Credential } from '@tollgate/contract/api-samples';
import { fillTemplate, freshIdempotencyKey, IDEMPOTENCY_HEADER, parseBody } from '../utils/request.ts';
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
 * Calls the live API with the reader's own key and token. They live in this component's state only:
 * never stored, never put into the examples or the address bar, gone when the page closes.
 * Path, query and header values and the JSON body are the page's, so the examples follow them.
 */
export function TryIt({
  method = 'get',
  path,
  parameters,
  credentials,
  values,
  onChange,
  body,
  onBodyChange,
}: {
  method?: string;
  path: string;
  parameters: OpenApiParameter[];
  credentials: readonly Credential[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** The JSON body's text; undefined for a call without one. */
  body?: string;
  onBodyChange?: (text: string) => void;
}) {
  const titleId = useId();
  const [key, setKey] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | undefined>();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const missing = parameters.find((p) => p.required && p.in !== 'query' && !values[p.name]);
    if (missing) return setFailure(`${missing.name}: required`);
    const parsed = body === undefined ? null : parseBody(body);
    if (parsed && !parsed.ok) return setBodyError('Not valid JSON');
    setBodyError(undefined);
    const headers: Record<string, string> = {};
    if (key) headers['x-api-key'] = key;
    if (token) headers.authorization = `Bearer ${token}`;
    for (const p of parameters)
      if (p.in === 'header' && values[p.name]) headers[p.name.toLowerCase()] = values[p.name]!;
    if (parsed) headers['content-type'] = 'application/json';
    setBusy(true);
    try {
      const query = new URLSearchParams(
        parameters.filter((p) => p.in === 'query' && values[p.name]).map((p) => [p.name, values[p.name]!]),
      ).toString();
      // Plain fetch, not the app's client: a 401 here is about the typed key, not the reader's session.
      const response = await fetch(`${fillTemplate(path, values, false)}${query ? `?${query}` : ''}`, {
        method: method.toUpperCase(),
        headers,
        ...(parsed ? { body: JSON.stringify(parsed.value) } : {}),
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
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
        Try it
      </h4>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Calls the live API as you. What you type stays in this page only and is never saved.
      </p>
      <form noValidate onSubmit={(e) => void send(e)} aria-label="Try it" className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {credentials.includes('apiKey') && (
            <Input
              label="API key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="tg_live_…"
              value={key}
              onChange={(e) => setKey(e.target.value.trim())}
            />
          )}
          {credentials.includes('bearer') && (
            <Input
              label="Bearer token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="eyJ…"
              hint="accessToken from POST /api/v1/auth/login"
              value={token}
              onChange={(e) => setToken(e.target.value.trim())}
            />
          )}
          {parameters.map((p) => {
            const choices = choicesOf(p.schema);
            const hint = [p.in, p.required ? 'required' : 'optional', constraintsOf(p.schema)]
              .filter(Boolean)
              .join(' · ');
            const change = (value: string) => onChange(p.name, value);
            if (choices.length > 0)
              return (
                <Select
                  key={p.name}
                  label={p.name}
                  hint={hint}
                  value={values[p.name] ?? ''}
                  onChange={(e) => change(e.target.value)}
                >
                  <option value="">(default)</option>
                  {choices.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              );
            const idempotency = p.in === 'header' && p.name === IDEMPOTENCY_HEADER;
            return (
              <div key={p.name} className="flex items-start gap-2">
                <Input
                  className="min-w-0 flex-1"
                  label={p.name}
                  hint={idempotency ? 'a new one per order; the same one to retry' : hint}
                  spellCheck={false}
                  value={values[p.name] ?? ''}
                  onChange={(e) => change(e.target.value)}
                />
                {idempotency && (
                  <Button
                    variant="secondary"
                    className="mt-7"
                    aria-label="New Idempotency-Key"
                    title="New Idempotency-Key"
                    onClick={() => change(freshIdempotencyKey())}
                  >
                    <RefreshCw className="size-4" aria-hidden />
                  </Button>
                )}
              </div>
            );
          })}
        </div>
        {body !== undefined && (
          <Textarea
            label="JSON body"
            rows={Math.min(12, body.split('\n').length + 1)}
            spellCheck={false}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            error={bodyError}
            value={body}
            onChange={(e) => onBodyChange?.(e.target.value)}
          />
        )}
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
