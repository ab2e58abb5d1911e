import { Moon, Sun } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { useTheme } from '#lib/theme.ts';

/** Light/dark switch; `reloadOnChange` is the admin header behaviour of spec §4. */
export function ThemeSwitch({ reloadOnChange = false, className }: { reloadOnChange?: boolean; className?: string }) {
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={() => {
        setTheme(dark ? 'light' : 'dark');
        if (reloadOnChange) window.location.reload();
      }}
      className={cn(
        // Below `sm` the track shrinks to the knob so crowded mobile headers keep room for titles.
        'relative inline-flex h-8 w-8 shrink-0 items-center rounded-full border transition-colors sm:w-14',
        'border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
      data-testid="theme-switch"
    >
      <span
        className={cn(
          'absolute left-[3px] flex size-6 items-center justify-center rounded-full bg-white shadow transition-transform dark:bg-slate-950',
          dark && 'sm:translate-x-6',
        )}
      >
        {dark ? (
          <Moon className="size-3.5 text-brand-300" aria-hidden="true" />
        ) : (
          <Sun className="size-3.5 text-amber-500" aria-hidden="true" />
        )}
      </span>
    </button>
  );
}
