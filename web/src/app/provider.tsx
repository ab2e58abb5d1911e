import { lazy, Suspense, type ReactNode } from 'react';
import { useToasterMounted } from '#lib/toast.ts';

// Mounted on the first toast rather than shipped in the entry chunk (public JS budget, DESIGN §9).
const Toaster = lazy(() =>
  import('./toaster.tsx').catch((error: unknown) => {
    console.error(error);
    return { default: () => <></> };
  }),
);

export function AppProvider({ children }: { children: ReactNode }) {
  const toasterMounted = useToasterMounted();
  return (
    <>
      {children}
      {toasterMounted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
