import { useEffect, useMemo, useState } from 'react';
import { readingMinutes, renderMarkdown } from '@tollgate/contract/content/markdown';
import { PostArticle } from '#components/blog-article/post-article.tsx';
import { useAllCategories } from '../api/admin-blog.ts';
import type { BlogFormValues } from '../utils/blog-form-values.ts';

/** An object URL for a chosen file, revoked when it changes. */
function useFileUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** The post as the public page will show it, from the editor's unsaved values. */
export function PostPreview({ values }: { values: BlogFormValues }) {
  const categories = useAllCategories();
  const bannerFile = useFileUrl(values.banner.file);
  const authorFile = useFileUrl(values.authorPic.file);
  const body = useMemo(() => renderMarkdown(values.description), [values.description]);
  const conclusion = useMemo(() => renderMarkdown(values.conclusion), [values.conclusion]);
  const banner = bannerFile ?? (values.banner.remove ? null : values.banner.current);
  const faqText = values.faq.map((item) => `${item.question} ${item.answer}`).join(' ');
  return (
    <section
      aria-label="Preview"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-slate-800 dark:bg-amber-500/10 dark:text-amber-200">
        Preview: this is how the post will look on the blog{values.status === 'draft' ? ' once published' : ''}.
      </p>
      <PostArticle
        post={{
          title: values.title || 'Untitled post',
          author: values.author || 'Author',
          authorPic: authorFile ?? (values.authorPic.remove ? null : values.authorPic.current),
          publishedAt: values.publishedAt ? new Date(values.publishedAt).toISOString() : new Date().toISOString(),
          readingMinutes: readingMinutes(`${body.text} ${conclusion.text} ${faqText}`),
          category: (categories.data ?? []).filter((category) => values.category.includes(category.id)),
          banner: banner ? { src: banner } : null,
          toc: body.headings.filter((heading) => heading.level <= 3),
          body: body.blocks,
          conclusion: conclusion.blocks,
          faq: values.faq.filter((item) => item.question.trim() && item.answer.trim()),
        }}
      />
    </section>
  );
}
