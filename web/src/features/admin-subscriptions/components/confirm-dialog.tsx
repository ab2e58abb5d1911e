import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';

/** "Are you sure?" for the tools that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  variant = 'danger',
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant={variant} disabled={busy} onClick={onConfirm}>
          {busy && <Spinner label="Working" className="[&_svg]:text-white" />}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
