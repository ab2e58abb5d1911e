import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';

export type MenuItem =
  | { kind: 'link'; label: string; icon: LucideIcon; to: string }
  | { kind: 'action'; label: string; icon: LucideIcon; onSelect: () => void; danger?: boolean }
  | { kind: 'separator'; key: string };

const itemClass = (danger?: boolean) =>
  cn(
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm focus:outline-none',
    danger
      ? 'text-red-700 hover:bg-red-50 focus:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/10 dark:focus:bg-red-500/10'
      : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
  );

/**
 * A button that opens a list of actions (a menu button as ARIA describes it): arrow keys move, Escape
 * and a click outside close, focus returns to the button.
 */
export function ActionsMenu({ label, items }: { label: ReactNode; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const entries = [...(panel.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      entries[(to + entries.length) % entries.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="relative">
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <ChevronDown className="size-4" aria-hidden="true" />
      </Button>
      {open && (
        <div
          ref={panel}
          id={id}
          role="menu"
          aria-label="Account actions"
          onKeyDown={onKeyDown}
          className="absolute left-0 z-30 mt-2 sm:right-0 sm:left-auto max-h-[70vh] w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {items.map((item) => {
            if (item.kind === 'separator')
              return (
                <div key={item.key} role="separator" className="my-1 border-t border-slate-100 dark:border-slate-800" />
              );
            const Icon = item.icon;
            const content = (
              <>
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {item.label}
              </>
            );
            return item.kind === 'link' ? (
              <Link key={item.label} to={item.to} role="menuitem" tabIndex={-1} className={itemClass()}>
                {content}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass(item.danger)}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
