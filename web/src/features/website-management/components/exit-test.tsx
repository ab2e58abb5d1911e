import { PlugZap } from 'lucide-react';
import type { ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { useTestExit } from '../api/settings.ts';

/** "Test this exit": one real connection through it; shows the address seen and the time, or why not. */
export function ExitTest({ exit, name }: { exit: ProxyExit | null; name: string }) {
  const test = useTestExit();
  const result = test.data;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Test this exit (${name})`}
        disabled={!exit || test.isPending}
        onClick={() => exit && test.mutate(exit)}
      >
        {test.isPending ? <Spinner label="Testing" /> : <PlugZap className="size-4" aria-hidden="true" />}
        Test this exit
      </Button>
      <p className="text-sm" aria-live="polite">
        {test.isPending ? (
          <span className="text-slate-500 dark:text-slate-400">Connecting…</span>
        ) : test.error ? (
          <span className="text-red-600 dark:text-red-400">{errorMessage(test.error)}</span>
        ) : result?.ok ? (
          <span className="text-emerald-700 dark:text-emerald-400">
            Works: exit IP <span className="font-mono">{result.exitIp ?? 'unknown'}</span> in {result.ms} ms
          </span>
        ) : result ? (
          <span className="text-red-600 dark:text-red-400">
            Failed after {result.ms} ms: {result.error ?? 'no answer'}
          </span>
        ) : !exit ? (
          <span className="text-slate-500 dark:text-slate-400">Fix the fields above to test it.</span>
        ) : null}
      </p>
    </div>
  );
}
