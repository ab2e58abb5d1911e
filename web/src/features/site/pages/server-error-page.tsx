import { Link } from 'react-router';
import { ServerCrash } from 'lucide-react';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';

/** Spec §4: any 500 from the API lands here. */
export default function ServerErrorPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300">
        <ServerCrash className="size-7" aria-hidden="true" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-red-600 uppercase dark:text-red-400">Error 500</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        Something went wrong on our side
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        The server could not complete your request. It has been logged and we are looking into it. Please try again in a
        moment.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.history.back()}>Try again</Button>
        <Link to={paths.home} className={buttonClass('outline')}>
          Back to home
        </Link>
        <Link to={paths.status} className={buttonClass('ghost')}>
          Service status
        </Link>
      </div>
    </section>
  );
}
