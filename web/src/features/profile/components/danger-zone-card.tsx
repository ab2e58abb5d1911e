import { useState } from 'react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

export function DangerZoneCard({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200 dark:border-red-500/30">
      <CardHeader title="Danger zone" className="border-red-200 dark:border-red-500/30" />
      <CardBody className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900 dark:text-white">Delete account</p>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            Removes your account and everything in it for good.
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </CardBody>
      <DeleteAccountDialog user={user} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
