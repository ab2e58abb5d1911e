import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';

/**
 * Keeps unsaved edits from vanishing: closing or reloading the tab asks the browser's question,
 * and leaving the page (or its `?section=`) inside the app asks ours. Render the returned dialog.
 */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      description="Your changes on this page have not been saved. Leaving now discards them."
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Discard changes
        </Button>
      </div>
    </Dialog>
  );
}
