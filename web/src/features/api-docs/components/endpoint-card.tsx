import { useState, type ReactNode } from 'react';
import { ChevronRight, KeyRound, Lock, Unlock } from 'lucide-react';
import { isCustomerFacing } from '@tollgate/contract/access/roles';
import { Badge } from '#components/ui/badge.tsx';
import { cn } from '#lib/cn.ts';
import type { OpenApiOperation, OpenApiResponse } from '../api/get-openapi.ts';
import { credentialsOf, IDEMPOTENCY_HEADER } from '../utils/request.ts';
import { constraintsOf, exampleOf, fieldsOf, typeLabel, type JsonSchema } from '../utils/schema.ts';
import { FieldsTable } from './fields-table.tsx';

const METHOD_TONES: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-200',
  post: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  put: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
  patch: 'bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
  delete: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 justify-center rounded-md py-0.5 font-mono text-xs font-bold uppercase',
        METHOD_TONES[method] ?? METHOD_TONES.get,
      )}
    >
      {method}
    </span>
  );
}

function successPayload(operation: OpenApiOperation): JsonSchema | undefined {
  if (operation['x-encoded-payload']) return operation['x-encoded-payload'];
  const envelope = operation.responses?.['200']?.content?.['application/json']?.schema;
  return envelope?.properties?.payload;
}

function Mono({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      {children}
    </code>
  );
}

function AuthLine({ operation }: { operation: OpenApiOperation }) {
  const credentials = credentialsOf(operation);
  const inQuery = operation.parameters?.some((p) => p.name === 'api_key');
  const idempotent = operation.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER);
  const headers = [
    ...(credentials.includes('apiKey') ? ['x-api-key: <your API key>'] : []),
    ...(credentials.includes('bearer') ? ['Authorization: Bearer <token>'] : []),
    ...(idempotent ? [`${IDEMPOTENCY_HEADER}: <unique id of this order>`] : []),
  ];
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
      <KeyRound className="size-3.5" aria-hidden="true" />
      {headers.length === 0 ? (
        'No authentication.'
      ) : (
        <>
          {headers.length === 1 ? 'Header' : 'Headers'}
          {headers.map((header) => (
            <Mono key={header}>{header}</Mono>
          ))}
          {inQuery && (
            <>
              {' '}
              (or the query parameter <Mono>api_key</Mono>)
            </>
          )}
          {operation['x-rate-limit'] && ` · at most ${operation['x-rate-limit'].perMinute} calls a minute per key`}
        </>
      )}
    </p>
  );
}

/** Each refusal's exact message (rule 139) and when it happens; the description where none is listed. */
function refusalsOf(response: OpenApiResponse): Array<{ message?: string; when: string }> {
  const examples = Object.values(response.content?.['application/json']?.examples ?? {});
  if (examples.length === 0) return [{ when: response.description ?? '' }];
  return examples.map((example) => ({ message: example.value?.message, when: example.summary ?? '' }));
}

/** Every answer other than success, with the exact message and what it means for this call. */
function ErrorCodes({ operation }: { operation: OpenApiOperation }) {
  const errors = Object.entries(operation.responses ?? {}).filter(([status]) => status !== '200');
  if (errors.length === 0) return null;
  return (
    <div>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Error codes
      </h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {errors.flatMap(([status, response]) =>
          refusalsOf(response).map((refusal, i) => (
            <div key={`${status}-${i}`} className="contents">
              <dt className="font-mono font-semibold text-slate-900 dark:text-white">{status}</dt>
              <dd className="text-slate-600 dark:text-slate-300">
                {refusal.message && (
                  <>
                    <Mono>{refusal.message}</Mono>{' '}
                  </>
                )}
                {refusal.when}
              </dd>
            </div>
          )),
        )}
      </dl>
    </div>
  );
}

/**
 * The reference of one call in the /api-docs list, rendered once opened: over 300 calls with their
 * tables and examples made a 5,000-element page that took a browser (and axe) minutes to check.
 */
function Reference({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {label}
      </summary>
      {open && <div className="mt-4 space-y-5">{children}</div>}
    </details>
  );
}

/** Parameters, body fields and the example answer of one call: worked out only when shown. */
function ReferenceTables({
  method,
  path,
  operation,
  successMessage,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
  successMessage: string;
}) {
  const parameters = (operation.parameters ?? []).map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    type: typeLabel(parameter.schema),
    required: Boolean(parameter.required),
    notes: constraintsOf(parameter.schema),
  }));
  const body = fieldsOf(operation.requestBody?.content?.['application/json']?.schema);
  const example = { status: 200, message: successMessage, payload: exampleOf(successPayload(operation)) };
  return (
    <>
      <FieldsTable title="Parameters" fields={parameters} location />
      <FieldsTable title="Request body (JSON)" fields={body} />
      <div>
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Example response
        </h4>
        {/* Focusable and named, so a keyboard can scroll a long example (axe scrollable-region-focusable). */}
        <pre
          tabIndex={0}
          role="region"
          aria-label={`Example response of ${method} ${path}`}
          className="max-h-80 overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 text-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {JSON.stringify(example, null, 2)}
        </pre>
      </div>
    </>
  );
}

/**
 * One operation of the OpenAPI document: the /api-docs list shows it compact; a documentation
 * page (`detailed`) adds authentication, error codes and whatever it passes as children
 * (examples, "try it").
 */
export function EndpointCard({
  method,
  path,
  operation,
  detailed = false,
  children,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
  detailed?: boolean;
  children?: ReactNode;
}) {
  // Customer documentation: a staff role that may make the call too is not the reader's concern.
  const roles = (operation['x-roles'] ?? []).filter(isCustomerFacing);
  const isPublic = roles.includes('anonymous');
  const successMessage = operation['x-success-message'] ?? 'OK';
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  const reference = (
    <ReferenceTables method={method} path={path} operation={operation} successMessage={successMessage} />
  );
  return (
    <article id={id} className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <MethodBadge method={method} />
        <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900 dark:text-white">{path}</code>
        <span className="ml-auto flex flex-wrap gap-1.5">
          {isPublic ? (
            <Badge tone="success">
              <Unlock className="size-3" aria-hidden="true" />
              Public
            </Badge>
          ) : (
            roles.map((role) => (
              <Badge key={role} tone="neutral">
                <Lock className="size-3" aria-hidden="true" />
                {role}
              </Badge>
            ))
          )}
        </span>
      </header>
      <div className="space-y-5 px-5 py-4">
        <div>
          <p className="text-sm text-slate-700 dark:text-slate-300">{operation.summary}</p>
          <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            Success message:{' '}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {successMessage}
            </code>
            {operation['x-encoded-payload'] &&
              ' · payload is sent encoded (base64 of URL-encoded JSON); decoded shape shown'}
          </p>
          {detailed && (
            <div className="mt-1.5">
              <AuthLine operation={operation} />
            </div>
          )}
        </div>
        {detailed ? reference : <Reference label="Parameters and example response">{reference}</Reference>}
        {detailed && <ErrorCodes operation={operation} />}
        {children}
      </div>
    </article>
  );
}
