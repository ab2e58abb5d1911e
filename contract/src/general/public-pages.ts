/**
 * The public pages a search engine should find: listed in sitemap.xml by the server and rendered to
 * HTML at build by the web app. The guides (general/guides) and blog posts come on top.
 */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/faqs',
  '/status',
  '/terms',
  '/acceptable-use',
  '/cookie-policy',
  '/privacy-policy-extension',
] as const;
