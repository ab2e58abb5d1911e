import { useEffect } from 'react';

export interface HeadTags {
  title: string;
  description: string;
  /** Absolute address of the page's one true URL. */
  canonical: string;
  image?: string | null;
  type?: 'website' | 'article';
}

function upsert(selector: string, make: () => HTMLElement, set: (el: HTMLElement) => void): () => void {
  const existing = document.head.querySelector<HTMLElement>(selector);
  const el = existing ?? make();
  const before = existing?.outerHTML;
  set(el);
  if (!existing) document.head.append(el);
  return () => {
    if (!existing) el.remove();
    else if (before) el.outerHTML = before;
  };
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  upsert(
    `meta[${attr}="${key}"]`,
    () => Object.assign(document.createElement('meta'), {}),
    (el) => {
      el.setAttribute(attr, key);
      el.setAttribute('content', content);
    },
  );

/** Title, description, canonical link and Open Graph tags while the page is shown; restored after. */
export function useHeadTags(tags: HeadTags | null) {
  const key = tags ? JSON.stringify(tags) : '';
  useEffect(() => {
    if (!tags) return;
    const previousTitle = document.title;
    document.title = tags.title;
    const undo = [
      meta('name', 'description', tags.description),
      meta('property', 'og:title', tags.title),
      meta('property', 'og:description', tags.description),
      meta('property', 'og:type', tags.type ?? 'website'),
      meta('property', 'og:url', tags.canonical),
      ...(tags.image ? [meta('property', 'og:image', new URL(tags.image, tags.canonical).href)] : []),
      upsert(
        'link[rel="canonical"]',
        () => document.createElement('link'),
        (el) => {
          el.setAttribute('rel', 'canonical');
          el.setAttribute('href', tags.canonical);
        },
      ),
    ];
    return () => {
      document.title = previousTitle;
      for (const step of undo.reverse()) step();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the tags' content
  }, [key]);
}
