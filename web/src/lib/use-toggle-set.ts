import { useState } from 'react';

/** Which of a list's rows are open: `toggle(id)` opens a closed one and closes an open one. */
export function useToggleSet() {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return [open, toggle] as const;
}
