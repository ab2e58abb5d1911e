import type { BodyBlock, BlogCategory, FaqItem } from '@tollgate/contract/content/blog';
import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { Avatar } from '#components/ui/avatar.tsx';
import { ArticleBody } from './article-body.tsx';

export interface ArticleView {
  title: string;
  author: string;
  authorPic: string | null;
  publishedAt: string | null;
  readingMinutes: number;
  category: BlogCategory[];
  banner: { src: string; srcSet?: string } | null;
  toc: Array<{ id: string; text: string; level: number }>;
  body: readonly BodyBlock[];
  conclusion: readonly BodyBlock[];
  faq: FaqItem[];
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A post as readers see it: the public page and the editor's preview render this one component, so
 * the preview is the page. `categoryHref` makes the category chips links (the public page).
 */
export function PostArticle({ post, categoryHref }: { post: ArticleView; categoryHref?: (slug: string) => string }) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        {post.category.length > 0 && (
          <ul className="mb-4 flex flex-wrap justify-center gap-2" aria-label="Categories">
            {post.category.map((category) => (
              <li key={category.id}>
                {categoryHref ? (
                  <Link
                    to={categoryHref(category.slug)}
                    className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 hover:bg-brand-100 dark:bg-brand-500/15 dark:text-brand-300"
                  >
                    {category.name}
                  </Link>
                ) : (
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
                    {category.name}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
          {post.title}
        </h1>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
          <span className="flex items-center gap-2">
            <Avatar name={post.author} src={post.authorPic} className="size-8" />
            <span className="font-medium text-slate-900 dark:text-white">{post.author}</span>
          </span>
          {post.publishedAt && <time dateTime={post.publishedAt}>{dateFormat.format(new Date(post.publishedAt))}</time>}
          <span className="flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" />
            {post.readingMinutes} min read
          </span>
        </div>
      </header>
      {post.banner && (
        <img
          src={post.banner.src}
          srcSet={post.banner.srcSet}
          sizes="(min-width: 1152px) 1152px, 100vw"
          alt=""
          width={1600}
          height={800}
          fetchPriority="high"
          className="mx-auto mt-10 aspect-[2/1] w-full max-w-5xl rounded-2xl object-cover"
        />
      )}
      <div className="mt-10 flex flex-col gap-8 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-10">
        <div className="min-w-0">
          <ArticleBody blocks={post.body} />
          {post.conclusion.length > 0 && (
            <section
              aria-labelledby="conclusion"
              className="mt-10 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 id="conclusion" className="text-xl font-semibold text-slate-900 dark:text-white">
                Conclusion
              </h2>
              <ArticleBody blocks={post.conclusion} className="[&_p:first-child]:mt-2" />
            </section>
          )}
          {post.faq.length > 0 && (
            <section aria-labelledby="faq" className="mt-12">
              <h2 id="faq" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
                Frequently asked questions
              </h2>
              <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {post.faq.map((item, index) => (
                  <details key={index} className="group p-4">
                    <summary className="cursor-pointer font-medium text-slate-900 dark:text-white">
                      {item.question}
                    </summary>
                    <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{item.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          )}
        </div>
        {post.toc.length > 0 && (
          <nav
            aria-label="Table of contents"
            className="max-lg:order-first max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:p-4 lg:sticky lg:top-24 lg:self-start dark:max-lg:border-slate-800"
          >
            <p className="text-sm font-semibold text-slate-900 dark:text-white">On this page</p>
            <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm dark:border-slate-800">
              {post.toc.map((entry) => (
                <li key={entry.id} className={entry.level > 2 ? 'pl-7' : 'pl-4'}>
                  <a
                    href={`#${entry.id}`}
                    className="text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-300"
                  >
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </div>
    </article>
  );
}
