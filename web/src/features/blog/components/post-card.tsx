import { generatePath, Link } from 'react-router';
import type { PublicBlogSummary } from '@tollgate/contract/content/blog';
import { formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';

/** A post in the index or under "Related posts": banner, categories, title, excerpt, date and reading time. */
export function PostCard({ post, headingLevel = 2 }: { post: PublicBlogSummary; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const href = generatePath(paths.blogPost, { id: post.slugvalue });
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {post.banner ? (
        <img
          src={post.banner.small}
          srcSet={`${post.banner.small} 800w, ${post.banner.url} 1600w`}
          sizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={800}
          height={400}
          loading="lazy"
          className="aspect-[2/1] w-full object-cover"
        />
      ) : (
        <div className="aspect-[2/1] w-full bg-gradient-to-br from-brand-500 to-brand-700" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col p-5">
        {post.category.length > 0 && (
          <p className="text-xs font-medium text-brand-700 dark:text-brand-300">
            {post.category.map((category) => category.name).join(' · ')}
          </p>
        )}
        <Heading className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Link to={href} className="after:absolute after:inset-0 focus:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>} ·{' '}
          {post.readingMinutes} min read
        </p>
      </div>
    </article>
  );
}
