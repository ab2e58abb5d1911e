import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { buttonClass, type ButtonSize, type ButtonVariant } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { useSignedIn } from '#lib/use-signed-in.ts';

/** 'Get started' (sign-up) for visitors, 'Go to dashboard' once signed in. */
export function AccountCta({ variant = 'primary', size = 'lg' }: { variant?: ButtonVariant; size?: ButtonSize }) {
  const signedIn = useSignedIn();
  return (
    <Link to={signedIn ? paths.dashboard : paths.register} className={buttonClass(variant, size)}>
      {signedIn ? 'Go to dashboard' : 'Get started'}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}
