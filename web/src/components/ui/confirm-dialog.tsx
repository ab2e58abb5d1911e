import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

/** "Are you sure?" for destructive actions: Cancel, a danger button that spins while busy, and the error. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** What the spinner announces, e.g. "Deleting". */
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {error && <Alert className="mb-4">{error}</Alert>}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {busy && <Spinner label={busyLabel} className="[&_svg]:text-white" />}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
