import { Footer } from '#components/site/site-footer.tsx';
import { usePublicLanding } from '#features/site/api/get-landing.ts';

export { Footer };

/** Suspends until landing data arrives; render <Footer data={null} /> as its fallback. */
export function LiveFooter() {
  return <Footer data={usePublicLanding() ?? null} />;
}
