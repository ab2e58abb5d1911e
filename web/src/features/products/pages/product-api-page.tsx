import { RefreshCw } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner, Spinner } from '#components/ui/spinner.tsx';
import { usePackages } from '../api/products.ts';
import { ConnectionForm } from '../components/connection-form.tsx';
import { PackagesCard } from '../components/packages-card.tsx';

/** /admin/productapi: the upstream provider the shop resells (spec §2, §7 packages). */
export default function ProductApiPage() {
  const packages = usePackages();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Product API"
        description="The upstream provider that delivers resold plans: its address and key, a live connection test, and the packages and balance it reports. Changes are audited and followed by every server within seconds."
        actions={
          <Button variant="outline" onClick={() => void packages.refetch()} disabled={packages.isFetching}>
            {packages.isFetching ? <Spinner label="Refreshing" /> : <RefreshCw className="size-4" aria-hidden="true" />}
            Refresh
          </Button>
        }
      />
      {packages.isPending ? (
        <PageSpinner />
      ) : packages.error ? (
        <ErrorState error={packages.error} onRetry={() => void packages.refetch()} />
      ) : (
        <div className="space-y-6">
          <ConnectionForm
            key={`${packages.data.connection.source}-${packages.data.connection.baseUrl ?? ''}-${packages.data.connection.keyLast4 ?? ''}`}
            connection={packages.data.connection}
          />
          <PackagesCard data={packages.data} />
        </div>
      )}
    </div>
  );
}
