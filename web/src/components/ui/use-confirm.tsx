import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { notify } from '#lib/toast.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { ActionDialog } from './action-dialog.tsx';
import type { ActionMenuItem } from './action-menu.tsx';
import { Alert } from './alert.tsx';
import { Button, type ButtonVariant } from './button.tsx';
import { Spinner } from './spinner.tsx';

export interface ConfirmOptions {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Destructive by default; `primary` for a change that is not a loss. */
  variant?: ButtonVariant;
  /**
   * Runs on confirm while the dialog stays open and spins; a failure is shown in the dialog, which
   * stays open for another try. Without it the dialog closes at once and the promise says yes.
   */
  action?: () => Promise<unknown>;
  /** What the dialog says when `action` fails; `errorMessage` by default (for a message of the spec's own). */
  failure?: (error: unknown) => string;
}

interface Asking extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/**
 * "Are you sure?" as one awaited call: `if (await confirm({...}))`. Answers true once confirmed (and
 * once `action` succeeded), false when cancelled. Render `dialog` once in the component.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Asking | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        // A second question answers the first one "no".
        current.current?.resolve(false);
        const next = { ...options, resolve };
        current.current = next;
        setError(null);
        setBusy(false);
        setAsking(next);
      }),
    [],
  );

  const finish = (confirmed: boolean) => {
    current.current?.resolve(confirmed);
    current.current = null;
    setAsking(null);
  };
  const cancel = () => {
    if (!busy) finish(false);
  };
  const accept = async () => {
    if (!asking?.action) return finish(true);
    setBusy(true);
    setError(null);
    try {
      await asking.action();
      finish(true);
    } catch (failure) {
      setError((asking.failure ?? errorMessage)(failure));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ActionDialog open={asking !== null} onClose={cancel} title={asking?.title ?? ''} description={asking?.description}>
      {error && <Alert className="mb-4">{error}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={asking?.variant ?? 'danger'}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void accept()}
        >
          {busy && <Spinner label="Working" className="[&_svg]:text-white" />}
          {asking?.confirmLabel}
        </Button>
      </div>
    </ActionDialog>
  );
  return { confirm, dialog };
}

/**
 * A menu's Delete item: asks with `confirm`, deletes inside the dialog (a refusal stays there for
 * another try) and says `done` once it is gone.
 */
export function deleteItem(
  confirm: (options: ConfirmOptions) => Promise<boolean>,
  {
    remove,
    done,
    ...question
  }: Omit<ConfirmOptions, 'action' | 'variant'> & {
    remove: () => Promise<unknown>;
    done: string;
  },
): ActionMenuItem {
  return {
    label: 'Delete',
    icon: Trash2,
    danger: true,
    onSelect: () =>
      void confirm({ ...question, action: remove }).then((deleted) => {
        if (deleted) void notify('success', done);
      }),
  };
}
