import { Building2, Home, Network, Server, Smartphone, type LucideIcon } from 'lucide-react';

const types: Array<{ name: string; icon: LucideIcon; text: string; bestFor: string }> = [
  {
    name: 'Residential proxies',
    icon: Home,
    text: 'Real household IPs that rotate on every request or stick for up to 30 minutes.',
    bestFor: 'Scraping protected sites, SERP and price monitoring',
  },
  {
    name: 'Mobile proxies',
    icon: Smartphone,
    text: '4G and 5G carrier IPs shared by thousands of real users, so they are rarely blocked.',
    bestFor: 'Social media, app testing, ad verification',
  },
  {
    name: 'ISP proxies',
    icon: Building2,
    text: 'Static IPs registered to consumer ISPs and hosted in data centres: residential trust, server speed.',
    bestFor: 'Account management, sneaker and ticket checkout',
  },
  {
    name: 'Datacenter proxies',
    icon: Server,
    text: 'Dedicated or rotating server IPs with gigabit uplinks and the lowest price per request.',
    bestFor: 'High-volume crawling, uptime checks, bulk downloads',
  },
  {
    name: 'IPv6 proxies',
    icon: Network,
    text: 'Practically unlimited addresses from large IPv6 subnets, rotating per request.',
    bestFor: 'IPv6-ready targets, large-scale unique sessions',
  },
];

export function ProxyTypes() {
  return (
    <section
      id="proxy-types"
      className="scroll-mt-20 border-y border-slate-200 bg-white py-20 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
            Five proxy types, one account
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Mix and match plans for each job. Every type comes with the same dashboard, proxy generator and API.
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {types.map(({ name, icon: Icon, text, bestFor }, index) => (
            <li
              key={name}
              // Two wide cards over three narrow ones: five types fill the grid without a hole.
              className={`${index < 2 ? 'lg:col-span-3' : index === 4 ? 'sm:col-span-2 lg:col-span-2' : 'lg:col-span-2'} flex flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900`}
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{name}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{text}</p>
              <p className="mt-4 text-xs font-medium text-slate-500 dark:text-slate-400">
                <span className="text-slate-900 dark:text-slate-200">Best for:</span> {bestFor}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
