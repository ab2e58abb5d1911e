import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { formatDate } from '#lib/format.ts';
import { type Audience, useMarkAllNotifications, useMarkNotification, useNotifications } from '../api/notifications.ts';

/**
 * The top bar's bell, staff panels and customer area alike: the unread count, and a menu of the
 * newest notifications, each opening its link (a ticket, an approval queue) and marking itself read.
 * New ones arrive by polling (api/notifications.ts).
 */
export function NotificationBell({ audience, enabled = true }: { audience: Audience; enabled?: boolean }) {
  const { data } = useNotifications(audience, enabled);
  const markOne = useMarkNotification(audience);
  const markAll = useMarkAllNotifications(audience);
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const unread = data?.unread ?? 0;

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items = data?.notifications ?? [];
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 sm:p-2 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            className="absolute -top-0.5 -right-0.5 min-w-[18px] rounded-full bg-red-600 px-1 text-center text-[11px] leading-[18px] font-semibold text-white tabular-nums"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={popover}
          id={id}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0}
              onClick={() => markAll.mutate()}
              className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:text-brand-800 disabled:cursor-not-allowed disabled:text-slate-400 dark:text-brand-300 dark:disabled:text-slate-500"
            >
              <CheckCheck className="size-3.5" aria-hidden="true" />
              Mark all read
            </button>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">No notifications yet</p>
          ) : (
            <ul className="max-h-[calc(70vh-3rem)] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={item.link}
                    onClick={() => {
                      if (!item.read) markOne.mutate(item.id);
                    }}
                    className={cn(
                      'flex gap-3 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60',
                      !item.read && 'bg-brand-50/60 dark:bg-brand-500/10',
                    )}
                    data-testid="notification-item"
                  >
                    <span
                      className={cn(
                        'mt-1.5 size-2 shrink-0 rounded-full',
                        item.read ? 'bg-transparent' : 'bg-brand-600 dark:bg-brand-400',
                      )}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className={cn(
                          'block break-words',
                          item.read
                            ? 'text-slate-600 dark:text-slate-300'
                            : 'font-medium text-slate-900 dark:text-white',
                        )}
                      >
                        {item.message}
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                        {formatDate(item.createdAt, '24h')}
                        {!item.read && <span className="sr-only"> · unread</span>}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
