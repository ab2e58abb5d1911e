import type { ReactNode } from 'react';
import { DEFAULT_SESSION_LIFETIME, MAX_SESSION_LIFETIME } from '@tollgate/contract/proxies/proxy-username';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { formatNumber } from '#lib/format.ts';

const TEMPLATE = '<user>-country-us-state-ny-city-new_york-isp-<id>-session-<id>-lifetime-30';

const PARAMETERS: Array<{ key: string; about: ReactNode }> = [
  { key: 'country', about: 'Two-letter country code, e.g. us, de, gb.' },
  { key: 'state', about: 'State or region code within the country, e.g. ny.' },
  { key: 'city', about: 'City name in lower case, spaces written as underscores: new_york.' },
  { key: 'isp', about: 'An ISP from the list of the chosen country.' },
  {
    key: 'session',
    about: 'Any id of letters, digits, dots or underscores. The same id keeps the same exit IP (sticky).',
  },
  {
    key: 'lifetime',
    about: `Minutes a sticky session keeps its IP: 1 to ${formatNumber(MAX_SESSION_LIFETIME)}, default ${DEFAULT_SESSION_LIFETIME}.`,
  },
];

/** How targeting rides in the proxy username (contract/proxies/proxy-username). */
export function UsernameHelp({ username }: { username: string }) {
  return (
    <Card>
      <CardHeader
        title="Username parameters"
        description="Target any connection by adding parameters to the username."
      />
      <CardBody className="space-y-4 text-sm">
        <pre
          tabIndex={0}
          role="region"
          aria-label="Username template"
          className="overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100"
        >
          <code>{TEMPLATE}</code>
        </pre>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {PARAMETERS.map((parameter) => (
            <div key={parameter.key} className="contents">
              <dt>
                <code className="font-mono text-xs font-semibold text-slate-900 dark:text-white">{parameter.key}</code>
              </dt>
              <dd className="text-slate-600 dark:text-slate-400">{parameter.about}</dd>
            </div>
          ))}
        </dl>
        <p className="text-slate-600 dark:text-slate-400">
          Every parameter is optional and they may come in any order. Without <code className="font-mono">session</code>{' '}
          each connection may leave through a different IP. For example:{' '}
          <code className="font-mono break-all text-slate-900 dark:text-white">{`${username}-country-us-session-a1b2c3-lifetime-30`}</code>
        </p>
      </CardBody>
    </Card>
  );
}
