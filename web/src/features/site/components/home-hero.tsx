import { Globe2, ShieldCheck, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { AccountCta } from './account-cta.tsx';

const highlights = [
  { icon: Globe2, text: 'Country, state and city targeting' },
  { icon: Zap, text: 'HTTP(S) and SOCKS5 on every plan' },
  { icon: ShieldCheck, text: 'IP whitelisting or user:pass auth' },
];

export function HomeHero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60%_50%_at_50%_0%,color-mix(in_oklch,var(--color-brand-700)_35%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-medium text-brand-700 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-200">
            Residential · Mobile · ISP · Datacenter · IPv6
          </p>
          <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            Proxies that stay fast, clean and unblocked
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            Tollgate gives you ethically sourced IPs in every format you need, a dashboard that makes sense and an API
            your code will like. Buy by bandwidth or by threads, pay as you grow.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AccountCta />
            <Link to={paths.pricing} className={buttonClass('outline', 'lg')}>
              See pricing
            </Link>
          </div>
          <ul className="mt-10 grid gap-3 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroTerminal />
      </div>
    </section>
  );
}

const TERMINAL: Array<[string, string]> = [
  ['text-slate-400', '# one gateway, any country'],
  ['text-brand-300', '$ curl -x http://user-country-de:pass@gw.tollgate.io:8000 \\\n    https://ipinfo.io/json'],
  ['text-emerald-300', '{\n  "ip": "185.23.101.44",\n  "city": "Frankfurt am Main",\n  "country": "DE"\n}'],
];

function HeroTerminal() {
  return (
    <div className="relative hidden sm:block" aria-hidden="true">
      <div className="rounded-2xl border border-slate-200 bg-slate-950 p-1 shadow-2xl shadow-brand-900/20 dark:border-slate-800">
        <div className="flex gap-1.5 px-3 py-2.5">
          {['bg-red-400/80', 'bg-amber-400/80', 'bg-emerald-400/80'].map((dot) => (
            <span key={dot} className={`size-2.5 rounded-full ${dot}`} />
          ))}
        </div>
        <pre className="overflow-hidden rounded-xl bg-slate-900 p-5 font-mono text-[13px] leading-6 text-slate-300">
          {TERMINAL.map(([tone, text]) => (
            <span key={text} className={`block ${tone}`}>
              {text}
            </span>
          ))}
        </pre>
      </div>
    </div>
  );
}
