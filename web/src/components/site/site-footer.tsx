import { Link } from 'react-router';
import type { LandingPayload } from '@tollgate/contract/general/landing';
import { Logo } from '#components/logo.tsx';
import { SocialIcon } from '#components/social-icon.tsx';
import { paths } from '#lib/paths.ts';

/**
 * The public site's footer: copyright, links and the social links of the landing data. The public
 * layout renders it live; Website Management previews unsaved edits with it.
 */
export function Footer({ data }: { data: Pick<LandingPayload, 'Copyright' | 'SocialLinks'> | null }) {
  const links = [
    { to: paths.pricing, label: 'Pricing' },
    { to: paths.guides, label: 'Setup guides' },
    { to: paths.blog, label: 'Blog' },
    { to: paths.faqs, label: 'FAQs' },
    { to: paths.status, label: 'Service status' },
    { to: paths.terms, label: 'Terms of Service' },
    { to: paths.acceptableUse, label: 'Acceptable Use' },
    { to: paths.cookiePolicy, label: 'Cookie policy' },
    { to: paths.privacyPolicyExtension, label: 'Extension privacy policy' },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-2">
          <Logo />
          {/* The operator's own line; until the landing data arrives it only keeps its place. */}
          <p className="text-sm text-slate-500 dark:text-slate-400">{data?.Copyright ?? '\u00a0'}</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        {data && data.SocialLinks.value.length > 0 && (
          <ul className="flex gap-2" aria-label="Social links">
            {data.SocialLinks.value.map((item) => (
              <li key={item.social + item.link}>
                <a
                  href={item.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={item.social}
                  className="flex size-9 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-50 hover:text-slate-900 dark:border-slate-800 dark:text-slate-400 dark:hover:bg-slate-900 dark:hover:text-white"
                >
                  <SocialIcon social={item.social} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
