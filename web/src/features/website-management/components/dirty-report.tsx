import { createContext, useContext, useEffect } from 'react';

/** Each editor card tells the page whether it holds unsaved edits; the page guards leaving. */
export const DirtyReport = createContext<(id: string, dirty: boolean) => void>(() => {});

export function useReportDirty(id: string, dirty: boolean) {
  const report = useContext(DirtyReport);
  useEffect(() => {
    report(id, dirty);
    return () => report(id, false);
  }, [report, id, dirty]);
}
