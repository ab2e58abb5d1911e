import type { SitemapSource } from '#platform/http/public-site.ts';
import type { AppModule } from '#platform/module.ts';
import { blogRoutes } from './blog.routes';
import { blogSitemap } from './blog.service';

/** The blog (issue 19). Its sitemap comes back too: the public site lists the published posts. */
export function blogModule(deps: Parameters<typeof blogRoutes>[0]): AppModule & { sitemap: SitemapSource } {
  return { routes: blogRoutes(deps), sitemap: blogSitemap(deps.db) };
}
