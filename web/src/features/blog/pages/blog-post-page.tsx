import { generatePath, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PublicBlogPost } from '@tollgate/contract/content/blog';
import { PostArticle } from '#components/blog-article/post-article.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { ApiError } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { getBlog } from '../api/get-blog.ts';
import { useHeadTags } from '../components/head-tags.ts';
import { PostCard } from '../components/post-card.tsx';

export async function postLoader({ params, request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  try {
    return { post: await getBlog(params.id ?? '', request.signal), origin };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { post: null, origin };
    throw error;
  }
}

/** Data for search engines: the article itself, and its questions as FAQPage (issue 19). */
function structuredData(post: PublicBlogPost, url: string) {
  const graph: object[] = [
    {
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      author: { '@type': 'Person', name: post.author },
      ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
      dateModified: post.updatedAt,
      ...(post.banner ? { image: new URL(post.banner.url, url).href } : {}),
      mainEntityOfPage: url,
    },
  ];
  if (post.faq.length)
    graph.push({
      '@type': 'FAQPage',
      mainEntity: post.faq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    });
  // `<` escaped so no text in a post can close the script element.
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(/</g, '\\u003c');
}

function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold text-slate-900 dark:text-white">Post not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">It may have moved or been unpublished.</p>
      <Link to={paths.blog} className={buttonClass('primary', 'md', 'mt-6')}>
        All posts
      </Link>
    </div>
  );
}

/** /blog/{id}: a post by id or slug; the slug address is the canonical one. */
export function BlogPostPage() {
  const { post, origin } = useLoaderData<typeof postLoader>();
  const canonical = post ? `${origin}${generatePath(paths.blogPost, { id: post.slugvalue })}` : '';
  useHeadTags(
    post
      ? {
          title: `${post.title} | Blog`,
          description: post.excerpt,
          canonical,
          image: post.banner?.url,
          type: 'article',
        }
      : null,
  );
  if (!post) return <NotFound />;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData(post, canonical) }} />
      <nav aria-label="Breadcrumb" className="mx-auto max-w-6xl px-4 pt-8 text-sm sm:px-6">
        <Link to={paths.blog} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          ← All posts
        </Link>
      </nav>
      <PostArticle
        post={{
          ...post,
          banner: post.banner
            ? { src: post.banner.url, srcSet: `${post.banner.small} 800w, ${post.banner.url} 1600w` }
            : null,
        }}
        categoryHref={(slug) => `${paths.blog}?category=${encodeURIComponent(slug)}`}
      />
      {post.related.length > 0 && (
        <section aria-labelledby="related" className="border-t border-slate-200 dark:border-slate-800">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
            <h2 id="related" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
              Related posts
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {post.related.map((item) => (
                <PostCard key={item.id} post={item} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
