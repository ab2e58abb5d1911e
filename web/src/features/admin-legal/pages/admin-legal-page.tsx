import { redirect } from 'react-router';
import { canSeeArea } from '@tollgate/contract/access/areas';
import type { LegalDocumentName } from '@tollgate/contract/general/legal';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { queryClient } from '#lib/query-client.ts';
import { meQueryOptions } from '#lib/session.ts';
import { storage } from '#lib/storage.ts';
import { useLegalDocument } from '../api/admin-legal.ts';
import { LegalEditor } from '../components/legal-editor.tsx';

/** Managers share the admin panel but not this page: the texts are the operator's word. */
export async function loader() {
  // Without a token the admin layout's guard redirects to sign-in; do not race it.
  if (!storage.getToken()) return null;
  const user = await queryClient.fetchQuery(meQueryOptions());
  if (!canSeeArea('Legal texts', user.role)) return redirect(staffPaths.admin.accounts);
  return null;
}

function Document({ name }: { name: LegalDocumentName }) {
  const doc = useLegalDocument(name);
  if (doc.isPending) return <PageSpinner />;
  if (doc.error) return <ErrorState error={doc.error} onRetry={() => void doc.refetch()} />;
  return <LegalEditor key={`${doc.data.document}-${doc.data.version}`} doc={doc.data} />;
}

/** /admin/legal: the texts every sign-up accepts and the public site's cookie and extension policies. */
export default function AdminLegalPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Legal texts"
        description="The Terms of Service and Acceptable Use Policy accepted at sign-up, and the cookie and browser-extension privacy policies of the public site. Every change is audited."
      />
      <Document name="terms" />
      <Document name="acceptable-use" />
      <Document name="cookie-policy" />
      <Document name="privacy-policy-extension" />
    </div>
  );
}
