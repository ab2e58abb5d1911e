import { useEffect, useState } from 'react';

export const POLL_INTERVAL_MS = 2_000;
export const POLL_WINDOW_MS = 120_000;

/**
 * Provider webhooks usually land within seconds of the customer's return; we ask every two seconds
 * for two minutes, then stop and say we are still waiting rather than poll forever.
 */
export function usePollWindow(windowMs = POLL_WINDOW_MS) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), windowMs);
    return () => clearTimeout(timer);
  }, [windowMs]);
  return { expired, interval: (waiting: boolean) => (waiting && !expired ? POLL_INTERVAL_MS : false) };
}
