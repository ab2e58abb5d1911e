import type { FormEvent, ReactNode } from 'react';
import type { DeletionPreview } from '@tollgate/contract/profile/account-deletion';
import { DeletionSummary } from '#components/deletion-summary.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';

/**
 * The body of a delete-account dialog, the customer's own and the staff one: what the account loses,
 * the refusal if any, what the asker must enter (`children`), Cancel and Delete account.
 */
export function DeleteAccountForm({
  preview,
  owner,
  formError,
  onSubmit,
  onCancel,
  pending,
  ready,
  children,
}: {
  preview: { data: DeletionPreview | undefined; isPending: boolean; error: unknown };
  /** "You lose" or "This account loses". */
  owner: string;
  formError: string | null | undefined;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** The deletion is under way. */
  pending: boolean;
  /** Everything asked for is entered and the preview has been read. */
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Delete account" className="space-y-4">
      <DeletionSummary
        preview={preview.data}
        loading={preview.isPending}
        error={preview.error ? errorMessage(preview.error) : null}
        owner={owner}
      />
      {formError && <Alert>{formError}</Alert>}
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!ready || pending}>
          {pending && <Spinner label="Deleting" className="[&_svg]:text-white" />}
          Delete account
        </Button>
      </div>
    </form>
  );
}
