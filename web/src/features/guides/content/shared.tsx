import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Note, Ui } from '../components/guide-blocks.tsx';
import { Val, useProxyValues } from '../components/proxy-values.tsx';

/** Where the values come from, said once in every tool guide. */
export function WhereValuesLive() {
  const values = useProxyValues();
  return (
    <p>
      Your host, ports, username and password are on your plan’s generator page: open the{' '}
      <Link to="/dashboard" className="font-medium text-brand-700 underline dark:text-brand-300">
        dashboard
      </Link>
      , press <Ui>Open</Ui> on a running plan and look at the <Ui>Connection</Ui> card.{' '}
      {values.own ? 'Yours are filled in below.' : 'The steps below show placeholders such as '}
      {!values.own && (
        <>
          <Val>HOST</Val> until you sign in.
        </>
      )}
    </p>
  );
}

/** The username targeting reminder shared by the browser and antidetect guides. */
export function TargetingTip() {
  const { username } = useProxyValues();
  return (
    <Note title="Pick a country or keep one IP">
      <p>
        Add targeting to the username instead of changing anything else: <Val>{`${username}-country-de`}</Val> exits in
        Germany, <Val>{`${username}-country-us-session-shop1-lifetime-60`}</Val> keeps the same US IP for 60 minutes.
        See{' '}
        <Link to="/guide/country-settings" className="font-medium underline">
          country settings
        </Link>{' '}
        and{' '}
        <Link to="/guide/sticky-proxies" className="font-medium underline">
          sticky sessions
        </Link>
        .
      </p>
    </Note>
  );
}

/** Antidetect profiles each want their own IP: one session id per profile. */
export function ProfileSessionTip() {
  const { username } = useProxyValues();
  return (
    <Note title="One profile, one session">
      <p>
        Give every profile its own session id so each keeps a stable IP of its own and never shares one with another
        profile: <Val>{`${username}-country-us-session-profile01-lifetime-1440`}</Val> for the first,{' '}
        <Val>{`${username}-country-us-session-profile02-lifetime-1440`}</Val> for the second. A lifetime of 1440 minutes
        (24 hours) is the longest a session holds its IP.
      </p>
    </Note>
  );
}

/** This site's origin, once in the browser (the prerendered page says YOUR_SHOP, so hydration matches). */
export function useSiteOrigin(): string {
  const [origin, setOrigin] = useState('https://YOUR_SHOP');
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}
