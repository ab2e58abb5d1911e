import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatDate } from '#lib/format.ts';
import { useTypesConfig } from '../api/products.ts';
import { TypeCard } from '../components/type-card.tsx';

/** /admin/productmanage: the five proxy types as the shop sells them (spec §2, §7 types config). */
export default function ProductManagePage() {
  const config = useTypesConfig();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Product Manage"
        description={
          <>
            How each proxy type is sold: its name and description on the storefront, whether it is on sale, who delivers
            it and the list formats the generator offers. Every change is audited and reaches every server within
            seconds.
            {config.data?.updatedAt && ` Last saved ${formatDate(config.data.updatedAt, '24h')}.`}
          </>
        }
      />
      {config.isPending ? (
        <PageSpinner />
      ) : config.error ? (
        <ErrorState error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {config.data.types.map((type) => (
            <TypeCard key={type.type} type={type} upstreamConfigured={config.data.upstreamConfigured} />
          ))}
        </div>
      )}
    </div>
  );
}
