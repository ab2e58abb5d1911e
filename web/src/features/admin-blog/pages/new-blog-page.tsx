import { PageHeader } from '#components/page-header.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { BlogForm } from '../components/blog-form.tsx';
import { emptyValues } from '../utils/blog-form-values.ts';

/** /admin/blogs/create: a new post starts as a draft by the signed-in staff member. */
export default function NewBlogPage() {
  const { data: user } = useCurrentUser();
  return (
    <>
      <PageHeader
        title="New post"
        description="Write in Markdown; the preview shows the post as readers will see it."
      />
      <BlogForm initial={emptyValues(user?.username ?? '')} />
    </>
  );
}
