import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * While `dirty`, leaving asks first: closing or reloading the tab gets the browser's own question,
 * and a click on any link of the app (sidebar, breadcrumbs, buttons that are links) is held until
 * `ask` answers yes. (React Router's useBlocker would do it too, but it weighs on the shared router
 * chunk every public page loads: issue 19's size budget.) `ask` should keep its identity (useCallback).
 */
export function useLeaveGuard(dirty: boolean, ask: () => Promise<boolean>) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const hold = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      const to = url.pathname + url.search + url.hash;
      void ask().then((leave) => {
        if (leave) void navigate(to);
      });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', hold, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', hold, true);
    };
  }, [dirty, ask, navigate]);
}
