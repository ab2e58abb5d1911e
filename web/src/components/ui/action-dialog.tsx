import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '#lib/cn.ts';

/**
 * A modal on Radix Dialog (focus trap, Escape, outside click, inert background, focus returned),
 * styled like <Dialog>: the frame of `useConfirm()` and of small forms opened from an ActionMenu.
 */
export function ActionDialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <RadixDialog.Content
            // Without a description Radix would warn; undefined tells it there is none on purpose.
            {...(description ? {} : { 'aria-describedby': undefined })}
            className={cn(
              'pointer-events-auto relative max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900',
              className,
            )}
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <div className="min-w-0">
                <RadixDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                  {title}
                </RadixDialog.Title>
                {description && (
                  <RadixDialog.Description asChild>
                    <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div>
                  </RadixDialog.Description>
                )}
              </div>
              <RadixDialog.Close
                aria-label="Close"
                tabIndex={-1}
                className="-mt-1 -mr-2 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 dark:hover:bg-slate-800 dark:hover:text-slate-200"
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            </div>
            {children}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
