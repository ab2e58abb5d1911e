import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { ApiError } from '#lib/api-client.ts';
import { CHUNK_ERROR_MESSAGE } from './lazy.ts';

function Panel({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300">
          {icon}
        </div>
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
        <div className="mt-6 flex justify-center gap-3">{children}</div>
      </div>
    </div>
  );
}

/** The route error boundary: chunk failures get a reload, everything else a friendly message. */
export function RouteError() {
  const error = useRouteError();
  const reload = (
    // One icon for every panel: this boundary ships with the public entry, where each byte counts (DESIGN §9).
    <Button onClick={() => window.location.reload()}>Reload</Button>
  );

  if (error instanceof Error && error.message === CHUNK_ERROR_MESSAGE) {
    return (
      <Panel
        icon={<AlertTriangle className="size-6" aria-hidden="true" />}
        title={CHUNK_ERROR_MESSAGE}
        text="Part of the app could not be downloaded. Check your connection and reload the page."
      >
        {reload}
      </Panel>
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Panel
        icon={<AlertTriangle className="size-6" aria-hidden="true" />}
        title="You do not have access to this page"
        text="Your account is signed in but is not allowed to open this page."
      >
        <Link to="/dashboard" className={buttonClass('outline')}>
          Back to dashboard
        </Link>
      </Panel>
    );
  }
  if (error instanceof ApiError || error instanceof TypeError) console.error(error);
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'An unexpected error stopped this page. Reload to try again; if it keeps happening, contact support.';
  return (
    <Panel icon={<AlertTriangle className="size-6" aria-hidden="true" />} title="Something went wrong" text={text}>
      {reload}
      <Link to="/" className={buttonClass('outline')}>
        Go home
      </Link>
    </Panel>
  );
}
