import { Link, useSearchParams } from 'react-router';
import { cancelEmailSubscription } from '@tollgate/contract/profile/email-subscription';
import { buttonClass } from '#components/ui/button.tsx';
import { call } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { isSignedIn } from '#lib/session.ts';
import { useOnce } from '#lib/use-once.ts';
import { LinkResult } from '../components/link-result.tsx';

/** The one-click unsubscribe link of optional mail (news, plan reminders); works without signing in. */
export default function EmailSubscriptionCancelPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const outcome = useOnce(`unsubscribe:${token}`, () => call(cancelEmailSubscription, { query: { token } }));
  const signedIn = isSignedIn();
  const next = (
    <Link to={signedIn ? paths.myProfile : paths.home} className={buttonClass('outline', 'lg')}>
      {signedIn ? 'Email preferences' : 'Back to home'}
    </Link>
  );
  return (
    <LinkResult
      outcome={outcome}
      pendingTitle="Unsubscribing"
      success={({ email, topic }) => ({
        title: 'Unsubscribed',
        description: `${cancelEmailSubscription.message} from ${topic === 'reminders' ? 'plan reminders' : 'product news and offers'} (${email}). Receipts and security mail still arrive.`,
        actions: next,
      })}
      failure={(message) => ({
        title: 'We could not unsubscribe you',
        description: `${/[.!?]$/.test(message) ? message : `${message}.`} You can also change which mail you get in your account settings.`,
        actions: next,
      })}
    />
  );
}
