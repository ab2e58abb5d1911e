import { BadgeDollarSign, Code2, Gauge, Headphones, Lock, RefreshCcw, type LucideIcon } from 'lucide-react';

const features: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Gauge,
    title: 'Fast by default',
    text: 'Low-latency gateways close to your targets and no throttling on paid plans.',
  },
  {
    icon: RefreshCcw,
    title: 'Rotation your way',
    text: 'Rotate per request, keep sticky sessions, or pin a static IP for weeks.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Fair pricing',
    text: 'Pay by bandwidth or threads, top up your balance, renew only what you use.',
  },
  {
    icon: Code2,
    title: 'API first',
    text: 'Generate proxy lists, whitelist IPs and manage sub-users from your own code.',
  },
  {
    icon: Lock,
    title: 'Ethically sourced',
    text: 'Residential and mobile peers opt in and are paid; abuse is blocked.',
  },
  {
    icon: Headphones,
    title: 'Humans on support',
    text: 'Tickets answered by engineers who know proxies, with setup guides for every tool.',
  },
];

export function WhyUs() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="max-w-2xl">
        <h2 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
          Why teams choose Tollgate
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Everything you need to run proxies in production, nothing you have to babysit.
        </p>
      </div>
      <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
