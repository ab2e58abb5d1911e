import { RefreshCw } from 'lucide-react';
import { resetRotationLink, ROTATION_APPLIES_WITHIN_S } from '@tollgate/contract/automation/rotation';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useResetRotationLink, useRotationLink } from '../api/rotation-link.ts';
import { CopyButton } from './copy-button.tsx';

const SESSION = /-session-([A-Za-z0-9_.]{1,64})/;

/** The session id of the first sticky line, so the example link works as shown. */
export const stickySessionOf = (lines: readonly string[]) => lines.map((l) => SESSION.exec(l)?.[1]).find(Boolean);

/**
 * For sticky lists: the link a script calls (GET) to give one session a new exit on every gateway
 * node within a few seconds. Anyone holding it can rotate this plan's sessions, so it can be reset.
 */
export function RotationLinkCard({ subscriptionId, session }: { subscriptionId: string; session: string }) {
  const link = useRotationLink(subscriptionId, true);
  const reset = useResetRotationLink(subscriptionId);
  const example = link.data ? `${link.data.url}?session=${session}` : '';
  return (
    <Card>
      <CardHeader
        title="Rotation link"
        description={`Call it to give a sticky session a new exit IP on every node within ${ROTATION_APPLIES_WITHIN_S} seconds; put the session id of the line after ?session=.`}
        action={
          <Button
            variant="outline"
            size="sm"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => void notify('success', resetRotationLink.message),
                onError: (error) => void notify('error', errorMessage(error)),
              })
            }
          >
            {reset.isPending ? <Spinner label="Resetting" /> : <RefreshCw className="size-4" aria-hidden="true" />}
            Reset link
          </Button>
        }
      />
      <CardBody className="space-y-3">
        {link.isPending ? (
          <Spinner />
        ) : link.error ? (
          <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(link.error)}</p>
        ) : (
          <>
            <div className="flex items-center gap-2">
              <code
                data-testid="rotation-link"
                className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              >
                {example}
              </code>
              <CopyButton text={example} what="Rotation link" />
            </div>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              From a script: <code className="font-mono break-all">curl -s &quot;{example}&quot;</code>. Keep the link
              private: reset it if it leaks.
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}
