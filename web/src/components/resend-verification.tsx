import { useState } from 'react';
import { MailPlus } from 'lucide-react';
import { resendVerification } from '@tollgate/contract/auth/registration';
import { Alert } from '#components/ui/alert.tsx';
import { Button, type ButtonVariant } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { call } from '#lib/api-client.ts';
import { errorMessage, retryAfterOf } from '#lib/form-errors.ts';
import { useCountdown } from '#lib/use-countdown.ts';

/**
 * Sends a new verification link. The button then waits out the cooldown the server names
 * (`retryAfterSeconds`), or the wait a 429 asks for, with the seconds left on it.
 */
export function ResendVerification({
  email,
  variant = 'outline',
  className,
}: {
  email: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const { seconds, start } = useCountdown();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    setPending(true);
    setResult(null);
    try {
      const { retryAfterSeconds } = await call(resendVerification, { body: { email } });
      start(retryAfterSeconds);
      setResult({ ok: true, text: resendVerification.message });
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait !== null) start(wait);
      setResult({ ok: false, text: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={className}>
      <Button variant={variant} onClick={() => void send()} disabled={pending || seconds > 0 || !email}>
        {pending ? <Spinner label="Sending" /> : <MailPlus className="size-4" aria-hidden="true" />}
        {seconds > 0 ? (
          <span>
            Resend in <span className="tabular-nums">{seconds}</span> s
          </span>
        ) : (
          'Resend verification email'
        )}
      </Button>
      {result && (
        <Alert tone={result.ok ? 'success' : 'error'} className="mt-3 max-w-xl">
          {result.text}
        </Alert>
      )}
    </div>
  );
}
