import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Trash2 } from 'lucide-react';
import { adminDeleteReseller, adminUpdateReseller, type UpdateResellerBody } from '@tollgate/contract/admin/resellers';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { administratorsOnly } from '../api/administrators-only.ts';
import { useDeleteReseller, useReseller, useUpdateReseller } from '../api/resellers.ts';
import { ApiKeyCard } from '../components/api-key-card.tsx';
import { DeleteResellerDialog } from '../components/delete-reseller-dialog.tsx';
import { ResellerForm } from '../components/reseller-form.tsx';
import { formValuesOf } from '../utils/reseller-form-values.ts';

export const loader = administratorsOnly;

/** /admin/reseller/:userId/edit: terms, the API key, and deletion. */
export default function EditResellerPage() {
  const { userId = '' } = useParams();
  const reseller = useReseller(userId);
  const update = useUpdateReseller(userId);
  const remove = useDeleteReseller(userId);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  if (reseller.isPending) return <PageSpinner />;
  if (reseller.error) return <ErrorState error={reseller.error} onRetry={() => void reseller.refetch()} />;
  const r = reseller.data;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={`Reseller ${r.username}`}
        description={`${r.email} · balance ${formatBalance(r.balance)}${r.disabled ? ' · sign-in disabled' : ''}`}
      />
      <ApiKeyCard reseller={r} />
      <ResellerForm
        key={r.id}
        mode="edit"
        initial={formValuesOf(r)}
        busy={update.isPending}
        onCancel={() => void navigate(staffPaths.admin.resellers)}
        onSubmit={(body, fail) =>
          update.mutate(body as UpdateResellerBody, {
            onSuccess: () => void notify('success', adminUpdateReseller.message),
            onError: fail,
          })
        }
      />
      <Card className="border-red-200 dark:border-red-900">
        <CardHeader
          title={r.programme ? 'End programme membership' : 'Delete reseller'}
          description={
            r.programme
              ? 'A web customer in the reseller programme: ends the membership (prices and reseller key); the customer account stays.'
              : 'Ends the account: its key, sessions and plans stop at once. Invoices and the ledger stay.'
          }
          action={
            <Button variant="danger" onClick={() => setDeleting(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </Button>
          }
        />
      </Card>
      <DeleteResellerDialog
        open={deleting}
        username={r.username}
        programme={r.programme}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={(reason, fail) =>
          remove.mutate(reason, {
            onSuccess: () => {
              void notify('success', adminDeleteReseller.message);
              void navigate(staffPaths.admin.resellers);
            },
            onError: fail,
          })
        }
      />
    </div>
  );
}
