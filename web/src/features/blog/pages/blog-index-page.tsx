import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Pagination } from '#components/ui/pagination.tsx';
import { cn } from '#lib/cn.ts';
import { paths } from '#lib/paths.ts';
import { getBlogs } from '../api/get-blog.ts';
import { useHeadTags } from '../components/head-tags.ts';
import { PostCard } from '../components/post-card.tsx';

export async function indexLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const category = url.searchParams.get('category') || undefined;
  const blogs = await getBlogs({ page, ...(category ? { category } : {}) }, request.signal);
  return { blogs, category, origin: url.origin };
}

const indexPath = (category?: string, page = 1) => {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${paths.blog}?${text}` : paths.blog;
};

/** /blog: published posts, newest first, by category, nine a page. */
export function BlogIndexPage() {
  const { blogs, category, origin } = useLoaderData<typeof indexLoader>();
  const navigate = useNavigate();
  const current = blogs.categories.find((c) => c.slug === category);
  useHeadTags({
    title: current ? `${current.name} articles | Blog` : 'Blog: proxy guides and news',
    description: 'Guides, tutorials and news about residential, mobile, ISP, datacenter and IPv6 proxies.',
    canonical: `${origin}${indexPath(current?.slug, blogs.page)}`,
  });
  const chip = (active: boolean) =>
    cn(
      'rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
      active
        ? 'bg-brand-600 text-white'
        : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700',
    );
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <p className="text-sm font-medium text-brand-700 dark:text-brand-300">Blog</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          {current ? current.name : 'Guides, tutorials and proxy news'}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          How to set up proxies in your tools, get more from rotation and targeting, and what changed in the network.
        </p>
      </header>
      {blogs.categories.length > 0 && (
        <nav aria-label="Categories" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to={paths.blog} className={chip(!current)} aria-current={!current ? 'page' : undefined}>
                All posts
              </Link>
            </li>
            {blogs.categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={indexPath(c.slug)}
                  className={chip(current?.id === c.id)}
                  aria-current={current?.id === c.id ? 'page' : undefined}
                >
                  {c.name} <span className="opacity-70">{c.postCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {blogs.items.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
          {category ? 'No posts in this category yet.' : 'No posts yet. Check back soon.'}
        </p>
      ) : (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {blogs.items.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
      {blogs.total > blogs.size && (
        <div className="mt-10 overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
          <Pagination
            page={blogs.page}
            pageSize={blogs.size}
            total={blogs.total}
            onPageChange={(page) => void navigate(indexPath(current?.slug, page))}
          />
        </div>
      )}
    </div>
  );
}
