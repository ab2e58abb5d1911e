import { MailWarning } from 'lucide-react';
import { ResendVerification } from '#components/resend-verification.tsx';

/** Unverified accounts can look around but not buy (issue 3); this says so and resends the link. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-start dark:border-amber-500/30 dark:bg-amber-500/10"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700 dark:bg-amber-500/20 dark:text-amber-300">
        <MailWarning className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-amber-950 dark:text-amber-100">Verify your email to buy plans</h2>
        <p className="mt-1 text-sm text-amber-900/80 dark:text-amber-200/80">
          We sent a link to <span className="font-medium break-all">{email}</span>. Open it to unlock purchases.
        </p>
        <ResendVerification email={email} className="mt-3" />
      </div>
    </section>
  );
}
