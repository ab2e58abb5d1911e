import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '#lib/storage.ts';
import { cn } from '#lib/cn.ts';
import { useTheme } from '#lib/theme.ts';

const NEXT: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };
const LABEL: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICON = { light: Sun, dark: Moon, system: Monitor };

/**
 * One button that steps light -> dark -> system (the device's setting); a single control keeps
 * crowded mobile headers within 375 px. `reloadOnChange` is the admin header behaviour of spec §4.
 */
export function ThemeSwitch({ reloadOnChange = false, className }: { reloadOnChange?: boolean; className?: string }) {
  const [theme, setTheme] = useTheme();
  const next = NEXT[theme];
  const Icon = ICON[theme];
  return (
    <button
      type="button"
      aria-label={`Theme: ${LABEL[theme]}`}
      title={`Theme: ${LABEL[theme]}. Switch to ${LABEL[next].toLowerCase()}`}
      onClick={() => {
        setTheme(next);
        if (reloadOnChange) window.location.reload();
      }}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-2 text-xs font-medium transition-colors',
        'border-slate-200 bg-slate-100 text-slate-700 hover:bg-slate-200',
        'dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
        className,
      )}
      data-testid="theme-switch"
      data-theme={theme}
    >
      <Icon
        className={cn('size-4', theme === 'light' ? 'text-amber-500' : 'text-brand-500 dark:text-brand-300')}
        aria-hidden="true"
      />
      <span className="hidden sm:inline">{LABEL[theme]}</span>
    </button>
  );
}
