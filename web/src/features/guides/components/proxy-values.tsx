import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Eye, EyeOff, KeyRound, LogIn } from 'lucide-react';
import { buttonClass, Button } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';
import { copyText } from '#lib/clipboard.ts';
import { loginPath, paths } from '#lib/paths.ts';
import { storage } from '#lib/storage.ts';
import { loadOwnProxyValues, type OwnProxyValues } from '../api/proxy-values.ts';

/** What a guide shows in its fields: the reader's own values, or placeholders. */
export interface ProxyValues {
  host: string;
  httpPort: string;
  socksPort: string;
  username: string;
  password: string;
  /** True when these are the reader's own (signed in with a running plan). */
  own: boolean;
  state: 'guest' | 'loading' | 'no-plan' | 'own';
  subscriptionId: string | null;
  planTitle: string | null;
  /** Whether the password is shown in code samples, or stays a placeholder. */
  revealed: boolean;
}

export const PLACEHOLDERS = {
  host: 'HOST',
  httpPort: 'HTTP_PORT',
  socksPort: 'SOCKS5_PORT',
  username: 'USERNAME',
  password: 'PASSWORD',
};

const GUEST: ProxyValues = {
  ...PLACEHOLDERS,
  own: false,
  state: 'guest',
  subscriptionId: null,
  planTitle: null,
  revealed: false,
};

const ValuesContext = createContext<{ values: ProxyValues; setRevealed: (on: boolean) => void }>({
  values: GUEST,
  setRevealed: () => {},
});

function fromOwn(own: OwnProxyValues): Omit<ProxyValues, 'revealed'> {
  return {
    host: own.host,
    httpPort: String(own.httpPort),
    socksPort: String(own.socksPort),
    username: own.username,
    password: own.password,
    own: true,
    state: 'own',
    subscriptionId: own.subscriptionId,
    planTitle: own.planTitle,
  };
}

/**
 * Every guide starts with placeholders (the prerendered HTML has them too, so hydration matches),
 * then a signed-in reader's own values replace them once their plan is read.
 */
export function ProxyValuesProvider({ preferred, children }: { preferred: string | null; children: ReactNode }) {
  const [values, setValues] = useState<Omit<ProxyValues, 'revealed'>>(GUEST);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (!storage.getToken()) return;
    const controller = new AbortController();
    setValues((current) => ({ ...current, state: 'loading' }));
    loadOwnProxyValues({ preferred, signal: controller.signal }).then(
      (own) => setValues(own ? fromOwn(own) : { ...GUEST, state: 'no-plan' }),
      () => {
        if (!controller.signal.aborted) setValues({ ...GUEST, state: 'no-plan' });
      },
    );
    return () => controller.abort();
  }, [preferred]);
  const shown: ProxyValues = {
    ...values,
    revealed,
    password: values.own && !revealed ? PLACEHOLDERS.password : values.password,
  };
  return <ValuesContext value={{ values: shown, setRevealed }}>{children}</ValuesContext>;
}

export const useProxyValues = () => useContext(ValuesContext).values;

/** A value in running text: the reader's own in bold code, a placeholder marked as one. */
export function Val({ children }: { children: string }) {
  const placeholder = Object.values(PLACEHOLDERS).includes(children);
  return (
    <code
      className={cn(
        'rounded px-1 py-0.5 font-mono text-[0.9em] break-words',
        placeholder
          ? 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200'
          : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
      )}
    >
      {children}
    </code>
  );
}

function Row({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2 py-1.5">
      <dt className="w-28 shrink-0 text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-1">
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 dark:text-slate-100">{value}</code>
        {copy !== undefined && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Copy ${label.toLowerCase()}`}
            onClick={() => void copyText(copy, label)}
          >
            Copy
          </Button>
        )}
      </dd>
    </div>
  );
}

/** The connection values every guide refers to, with a way to sign in or buy a plan when missing. */
export function ProxyValuesPanel() {
  const { values, setRevealed } = useContext(ValuesContext);
  const { pathname } = useLocation();
  const own = values.own;
  return (
    <section
      aria-labelledby="your-values-title"
      className="rounded-xl border border-brand-200 bg-brand-50/60 p-4 sm:p-5 dark:border-brand-500/30 dark:bg-brand-500/5"
      data-testid="proxy-values"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="your-values-title" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <KeyRound className="size-4 text-brand-600 dark:text-brand-400" aria-hidden="true" />
            {own ? 'Your connection values' : 'Connection values'}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
            {own
              ? `From your plan “${values.planTitle}”. Every step below uses them.`
              : values.state === 'no-plan'
                ? 'You have no running plan yet: buy one and its values appear here and in every step.'
                : values.state === 'loading'
                  ? 'Reading your plan…'
                  : 'Sign in to see your values: the steps below then show your own host, port and username.'}
          </p>
        </div>
        {values.state === 'guest' && (
          <Link to={loginPath(pathname)} className={buttonClass('primary', 'sm')}>
            <LogIn className="size-4" aria-hidden="true" />
            Sign in
          </Link>
        )}
        {values.state === 'no-plan' && (
          <Link to={paths.plans} className={buttonClass('primary', 'sm')}>
            See plans
          </Link>
        )}
        {own && (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={values.revealed}
            onClick={() => setRevealed(!values.revealed)}
          >
            {values.revealed ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {values.revealed ? 'Hide password' : 'Show password'}
          </Button>
        )}
      </div>
      <dl className="mt-3 divide-y divide-brand-100 dark:divide-slate-800">
        <Row label="Host" value={values.host} {...(own ? { copy: values.host } : {})} />
        <Row label="HTTP port" value={values.httpPort} {...(own ? { copy: values.httpPort } : {})} />
        <Row label="SOCKS5 port" value={values.socksPort} {...(own ? { copy: values.socksPort } : {})} />
        <Row label="Username" value={values.username} {...(own ? { copy: values.username } : {})} />
        <Row label="Password" value={own && !values.revealed ? '••••••••••••' : values.password} />
      </dl>
      {own && values.subscriptionId && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Other plans, lists of many proxies and the password’s copy button are on{' '}
          <Link
            className="font-medium text-brand-700 underline dark:text-brand-300"
            to={`/generator/${encodeURIComponent(values.subscriptionId)}`}
          >
            your plan’s generator page
          </Link>
          .
        </p>
      )}
    </section>
  );
}
