import { Suspense, use, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import type { CataloguePlan } from '@tollgate/contract/plans/catalogue';
import type { PublicType } from '@tollgate/contract/plans/plans';
import { buttonClass } from '#components/ui/button.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { cn } from '#lib/cn.ts';
import { paths, registerPath } from '#lib/paths.ts';
import { getCatalogue } from '../api/get-catalogue.ts';
import { PriceCalculator } from '../components/price-calculator.tsx';
import { PricingPlanCard } from '../components/pricing-plan-card.tsx';
import { TYPE_LABELS } from '../components/pricing-format.ts';
import { useHead, SITE_NAME } from '#lib/head.ts';
import { NOT_YET, useHydrated } from '#lib/hydration.ts';
import { useSignedIn } from '#lib/use-signed-in.ts';

export function loader() {
  // Not awaited: the heading renders at once, the plans fill in.
  return { catalogue: getCatalogue() };
}

function Catalogue({ plans, named }: { plans: CataloguePlan[]; named: PublicType[] }) {
  const [search, setSearch] = useSearchParams();
  const types = [...new Set(plans.map((p) => p.type))];
  // Staff name the types on Product manage; the built-in labels stand in for an older server.
  const nameOf = (t: CataloguePlan['type']) => named.find((n) => n.type === t)?.name ?? TYPE_LABELS[t];
  const description = named.find((n) => n.type === search.get('type'))?.description;
  const type = types.find((t) => t === search.get('type')) ?? null;
  const shown = type ? plans.filter((p) => p.type === type) : plans;
  const [chosenId, setChosenId] = useState<string | null>(search.get('plan'));
  const chosen = shown.find((p) => p.id === chosenId) ?? shown[0];
  const signedIn = useSignedIn();

  if (plans.length === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
        No plans are on sale right now. Please check back soon.
      </p>
    );
  }
  const filterClass = (active: boolean) =>
    cn(
      'rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
      active
        ? 'border-brand-600 bg-brand-600 text-white'
        : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
    );
  const choose = (next: string | null) => {
    setSearch(next ? { type: next } : {}, { replace: true, preventScrollReset: true });
  };
  return (
    <>
      <div role="group" aria-label="Proxy type" className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={type === null}
          className={filterClass(type === null)}
          onClick={() => choose(null)}
        >
          All plans
        </button>
        {types.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={type === t}
            className={filterClass(type === t)}
            onClick={() => choose(t)}
          >
            {nameOf(t)}
          </button>
        ))}
      </div>
      {type && description && (
        <p className="mt-3 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{description}</p>
      )}
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6 sm:grid-cols-2">
          {shown.map((plan) => (
            <PricingPlanCard
              key={plan.id}
              plan={plan}
              selected={plan.id === chosen?.id}
              typeName={nameOf(plan.type)}
              onChoose={() => {
                setChosenId(plan.id);
                document.getElementById('calculator')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            />
          ))}
        </div>
        <div id="calculator" className="order-first scroll-mt-20 lg:sticky lg:top-24 lg:order-none">
          {chosen && <PriceCalculator key={chosen.id} plan={chosen} signedIn={signedIn} />}
        </div>
      </div>
    </>
  );
}

function LoadedCatalogue({ catalogue }: { catalogue: Promise<{ plans: CataloguePlan[]; types?: PublicType[] }> }) {
  const loaded = use(useHydrated() ? catalogue : NOT_YET);
  return loaded ? <Catalogue plans={loaded.plans} named={loaded.types ?? []} /> : <PageSpinner />;
}

/** /pricing: every plan on sale with its tiers and lengths, priced by the server before sign-in. */
export default function PricingPage() {
  useHead({
    title: `Pricing · ${SITE_NAME}`,
    description:
      'Prices for residential, mobile, ISP, datacenter and IPv6 proxy plans, per GB, per thread or per package.',
    path: '/pricing',
  });
  const { catalogue } = useLoaderData<ReturnType<typeof loader>>();
  const signedIn = useSignedIn();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <p className="text-sm font-medium text-brand-700 dark:text-brand-300">Pricing</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          Pay for what you use, see it before you sign up
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Bandwidth plans are priced per GB, thread plans per thread, packages as one price. The more you buy, the lower
          the tier. Pick a plan to price your amount and length exactly as checkout will charge it.
        </p>
        {!signedIn && (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={registerPath()} className={buttonClass('primary', 'lg')}>
              Get started
            </Link>
            <Link to={paths.login} className={buttonClass('outline', 'lg')}>
              Sign in
            </Link>
          </div>
        )}
      </header>
      <div className="mt-10">
        <Suspense fallback={<PageSpinner />}>
          <LoadedCatalogue catalogue={catalogue} />
        </Suspense>
      </div>
    </div>
  );
}
