import { Spinner } from '#components/ui/spinner.tsx';
import { cn } from '#lib/cn.ts';

/**
 * The mail as the server rendered it for customers, in a sandboxed frame of its own opaque origin:
 * no forms, popups or navigation of this page, and no access to its storage or DOM. The HTML holds
 * no script (every character staff type is escaped) and the page's CSP, which the frame inherits,
 * runs none inline; `allow-scripts` is there only so accessibility tools can look inside.
 * What staff see here is byte for byte what customers get.
 */
export function MailPreview({
  preview,
  loading,
  className,
}: {
  preview: { subject: string; html: string } | undefined;
  loading?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-900">
        <p className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-white">
          <span className="text-slate-500 dark:text-slate-400">Subject: </span>
          {preview?.subject ?? '…'}
        </p>
        {loading && <Spinner label="Updating preview" />}
      </div>
      {preview ? (
        <iframe
          title="Mail preview"
          sandbox="allow-scripts"
          srcDoc={preview.html}
          className="block h-[28rem] w-full bg-[#f8fafc]"
          data-testid="mail-preview"
        />
      ) : (
        <p className="p-6 text-sm text-slate-500 dark:text-slate-400">Write the message to see it as customers will.</p>
      )}
    </div>
  );
}
