import { useMemo } from 'react';
import { generatePath, useParams } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useAdminBlog } from '../api/admin-blog.ts';
import { BlogForm } from '../components/blog-form.tsx';
import { valuesOf } from '../utils/blog-form-values.ts';

/** /admin/blogs/edit/{id}: the post as written, drafts included. */
export default function EditBlogPage() {
  const { id = '' } = useParams();
  const post = useAdminBlog(id);
  const initial = useMemo(() => (post.data ? valuesOf(post.data) : null), [post.data]);
  if (post.isPending) return <PageSpinner />;
  if (post.error || !initial) return <ErrorState error={post.error} onRetry={() => void post.refetch()} />;
  return (
    <>
      <PageHeader
        title={`Edit “${post.data.title}”`}
        description={
          post.data.status === 'published'
            ? 'Published: saved changes show on the blog at once.'
            : 'Draft: only staff see it.'
        }
        actions={
          post.data.status === 'published' && (
            <a
              href={generatePath(paths.blogPost, { id: post.data.slugvalue })}
              target="_blank"
              rel="noreferrer"
              className={buttonClass('outline')}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              View on the blog
            </a>
          )
        }
      />
      {/* A save answers the new post: the form starts over from it, so "unsaved" means unsaved. */}
      <BlogForm key={post.data.updatedAt} initial={initial} postId={post.data.id} />
    </>
  );
}
