import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '#components/ui/spinner.tsx';

/** Wraps every screen: a slim progress bar while the next lazy route module or its data loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <>
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity print:hidden ${loading ? 'opacity-100' : 'opacity-0'}`}
      >
        {/* Animated only while shown: an endless animation under opacity 0 still repaints every frame. */}
        <div className={`h-full w-1/3 bg-brand-500 ${loading ? 'animate-[progress_1.2s_ease-in-out_infinite]' : ''}`} />
      </div>
      {loading && (
        <Spinner className="fixed right-4 bottom-4 z-[60] rounded-full bg-white/90 p-1.5 shadow dark:bg-slate-900/90" />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
