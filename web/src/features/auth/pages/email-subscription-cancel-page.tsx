import { Link, useSearchParams } from 'react-router';
import { cancelEmailSubscription } from '@tollgate/contract/profile/email-subscription';
import { buttonClass } from '#components/ui/button.tsx';
import { ApiError, call } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { isSignedIn } from '#lib/session.ts';
import { useOnce } from '#lib/use-once.ts';
import { LinkResult } from '../components/link-result.tsx';

const NO_TOKEN = 'This unsubscribe link is incomplete: open it again from the email, or copy the whole address.';

/** The one-click unsubscribe link of optional mail (news, plan reminders); works without signing in. */
export default function EmailSubscriptionCancelPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  // A link without its token (cut short by a mail client or copied in part) asks the server nothing.
  const sent = useOnce(token ? `unsubscribe:${token}` : null, () =>
    call(cancelEmailSubscription, { query: { token } }),
  );
  const outcome: typeof sent = token ? sent : { status: 'error', error: new ApiError(400, NO_TOKEN, null) };
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
