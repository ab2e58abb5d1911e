import { Link, useLocation } from 'react-router';
import { buttonClass } from '#components/ui/button.tsx';
import { SITE_NAME, useHead } from '#lib/head.ts';
import { paths } from '#lib/paths.ts';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useHead({
    title: `Page not found · ${SITE_NAME}`,
    description: 'The page you are looking for has moved or never existed.',
    path: pathname,
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="bg-gradient-to-br from-brand-500 to-brand-800 bg-clip-text text-7xl font-bold tracking-tight text-transparent sm:text-8xl dark:from-brand-300 dark:to-brand-500">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        Page not found
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        The page you are looking for has moved or never existed. Check the address, or head back to the home page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass('primary')}>
          Back to home
        </Link>
        <Link to={paths.faqs} className={buttonClass('outline')}>
          Read the FAQs
        </Link>
      </div>
    </section>
  );
}
