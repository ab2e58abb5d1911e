import { useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { adminCreateReseller, type Reseller, type CreateResellerBody } from '@tollgate/contract/admin/resellers';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { administratorsOnly } from '../api/administrators-only.ts';
import { useCreateReseller } from '../api/resellers.ts';
import { ApiKeyPanel } from '../components/api-key-panel.tsx';
import { ResellerForm } from '../components/reseller-form.tsx';
import { EMPTY_RESELLER } from '../utils/reseller-form-values.ts';

export const loader = administratorsOnly;

/** /admin/reseller/new: on success the key is shown here, once, instead of leaving the page. */
export default function NewResellerPage() {
  const create = useCreateReseller();
  const navigate = useNavigate();
  const [created, setCreated] = useState<{ reseller: Reseller; apiKey: string } | null>(null);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={created ? 'Reseller created' : 'New reseller'}
        description={
          created
            ? `${created.reseller.email} has been sent a link to choose a password.`
            : 'An API account with its own prices. Leave a price empty to not offer that product.'
        }
      />
      {created ? (
        <ApiKeyPanel apiKey={created.apiKey} username={created.reseller.username}>
          <Link
            to={generatePath(staffPaths.admin.editReseller, { userId: created.reseller.id })}
            className={buttonClass('outline')}
          >
            Open reseller
          </Link>
          <Link to={staffPaths.admin.resellers} className={buttonClass('ghost')}>
            Back to resellers
          </Link>
        </ApiKeyPanel>
      ) : (
        <ResellerForm
          mode="create"
          initial={EMPTY_RESELLER}
          busy={create.isPending}
          onCancel={() => void navigate(staffPaths.admin.resellers)}
          onSubmit={(body, fail) =>
            create.mutate(body as CreateResellerBody, {
              onSuccess: (result) => {
                void notify('success', adminCreateReseller.message);
                setCreated(result);
              },
              onError: fail,
            })
          }
        />
      )}
    </div>
  );
}
