import { useEffect } from 'react';

/**
 * A small head manager for the public pages: title, description, canonical URL, Open Graph and
 * Twitter tags. The prerender (scripts/prerender.tsx) writes the same tags into each page's HTML;
 * in the browser the hook keeps them right while the visitor navigates.
 */
export interface HeadMeta {
  title: string;
  description: string;
  /** Site path of the page, e.g. `/faqs`; the canonical URL is the site's origin plus this. */
  path: string;
  /** Open Graph type; `website` unless said otherwise. */
  type?: 'website' | 'article';
}

export const SITE_NAME = 'Tollgate';

/** What index.html says: the home page's own head, restored whenever a page that set its own leaves. */
export const HOME_HEAD: HeadMeta = {
  title: 'Tollgate · Proxies for every workload',
  description: 'Tollgate: residential, mobile, ISP, datacenter and IPv6 proxies with a simple dashboard and API.',
  path: '/',
};

/** Filled in by the prerender while it renders one page, so it can write that page's head. */
let collected: HeadMeta | null = null;
export const collectedHead = {
  take(): HeadMeta | null {
    const head = collected;
    collected = null;
    return head;
  },
};

/** The tags of one page as `[attribute, key, content]`, the one list both the prerender and the hook use. */
export function headTags(meta: HeadMeta, origin: string): Array<['name' | 'property', string, string]> {
  const url = `${origin}${meta.path}`;
  return [
    ['name', 'description', meta.description],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
}

/** The origin the server named in the page's canonical link (PUBLIC_URL), else this window's. */
function siteOrigin(): string {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  try {
    if (canonical?.href) return new URL(canonical.href).origin;
  } catch {
    // A malformed link falls back to the address bar.
  }
  return window.location.origin;
}

function apply(meta: HeadMeta): void {
  const origin = siteOrigin();
  document.title = meta.title;
  for (const [attribute, key, content] of headTags(meta, origin)) {
    let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
    if (!tag) {
      tag = document.createElement('meta');
      tag.setAttribute(attribute, key);
      document.head.append(tag);
    }
    tag.content = content;
  }
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = `${origin}${meta.path}`;
}

/** Sets the page's head while it is shown; leaving restores the home page's (index.html's) head. */
export function useHead(meta: HeadMeta): void {
  if (typeof document === 'undefined') collected = meta;
  const { title, description, path, type } = meta;
  useEffect(() => {
    apply({ title, description, path, ...(type ? { type } : {}) });
    return () => apply(HOME_HEAD);
  }, [title, description, path, type]);
}
