import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { generatePath, useNavigate } from 'react-router';
import { Eye, Pencil } from 'lucide-react';
import { blogInputSchema, BLOG_STATUS_LABELS, createBlog, updateBlog } from '@tollgate/contract/content/blog';
import { renderMarkdown } from '@tollgate/contract/content/markdown';
import { slugify } from '@tollgate/contract/content/slugify';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { ArticleBody } from '#components/blog-article/article-body.tsx';
import { MarkdownEditor } from '#components/markdown-editor/markdown-editor.tsx';
import { describeError, fieldErrorsOf, type FieldErrors } from '#lib/form-errors.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useSaveBlog } from '../api/admin-blog.ts';
import {
  BLOG_FORM_KEYS,
  isDirty,
  toBlogInput,
  type BlogFormKey,
  type BlogFormValues,
} from '../utils/blog-form-values.ts';
import { CategoryPicker } from './category-picker.tsx';
import { FaqEditor } from './faq-editor.tsx';
import { ImagePicker } from './image-picker.tsx';
import { PostPreview } from './post-preview.tsx';
import { useLeaveGuard } from '../utils/use-leave-guard.ts';

/** The body as the public page renders it (the same renderer). */
const asReadersSeeIt = (value: string) => <ArticleBody blocks={renderMarkdown(value).blocks} />;

/** The post editor: every §3 Blog field, a preview as the page renders it, and a guard on unsaved work. */
export function BlogForm({ initial, postId }: { initial: BlogFormValues; postId?: string }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<BlogFormKey>>({});
  const [formError, setFormError] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const save = useSaveBlog(postId);
  const navigate = useNavigate();
  const dirty = useMemo(() => isDirty(values, initial), [values, initial]);
  const { confirm, dialog } = useConfirm();
  const askToLeave = useCallback(
    () =>
      confirm({
        title: 'Leave without saving?',
        description: 'Your changes to this post are not saved and will be lost.',
        confirmLabel: 'Leave',
      }),
    [confirm],
  );
  useLeaveGuard(dirty && !save.isSuccess, askToLeave);

  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const text = (key: 'title' | 'slugvalue' | 'author' | 'excerpt' | 'publishedAt') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBlogInput(values);
    const parsed = blogInputSchema.safeParse(body);
    if (!parsed.success) {
      const { fields, rest } = fieldErrorsOf(parsed.error.issues, BLOG_FORM_KEYS);
      setErrors(fields);
      setFormError(rest.length ? rest.join(' ') : 'Check the fields marked below.');
      setPreviewing(false);
      return;
    }
    setErrors({});
    setFormError(undefined);
    const images = {
      ...(values.banner.file ? { banner: values.banner.file } : {}),
      ...(values.authorPic.file ? { authorPic: values.authorPic.file } : {}),
    };
    save.mutate(
      { body, images },
      {
        onSuccess: (post) => {
          void notify('success', postId ? updateBlog.message : createBlog.message);
          if (!postId) void navigate(generatePath(staffPaths.admin.editBlog, { id: post.id }), { replace: true });
        },
        onError: (error) => {
          const { form, fields } = describeError(error, BLOG_FORM_KEYS);
          setErrors(fields);
          setFormError(form ?? (Object.keys(fields).length ? 'Check the fields marked below.' : undefined));
          setPreviewing(false);
        },
      },
    );
  };

  const published = values.status === 'published';
  return (
    <form noValidate onSubmit={submit} aria-label={postId ? 'Edit post' : 'New post'} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          {dirty ? 'Unsaved changes' : postId ? 'All changes saved' : 'Not saved yet'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setPreviewing(!previewing)} aria-pressed={previewing}>
            {previewing ? (
              <Pencil className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {previewing ? 'Back to editing' : 'Preview post'}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending
              ? 'Saving…'
              : !published
                ? 'Save draft'
                : initial.status === 'published'
                  ? 'Save changes'
                  : 'Publish'}
          </Button>
        </div>
      </div>
      {formError && <Alert>{formError}</Alert>}

      {previewing ? (
        <PostPreview values={values} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-6">
            <Card>
              <CardBody className="space-y-4">
                <Input label="Title" maxLength={200} autoComplete="off" {...text('title')} />
                <Input
                  label="Slug"
                  autoComplete="off"
                  className="[&_input]:font-mono"
                  placeholder={slugify(values.title) || 'made-from-the-title'}
                  hint={`The post's address: /blog/${values.slugvalue || slugify(values.title) || '…'}. Leave empty to make it from the title.`}
                  {...text('slugvalue')}
                />
                <MarkdownEditor
                  label="Post body"
                  value={values.description}
                  onChange={(value) => set('description', value)}
                  error={errors.description}
                  hint="Markdown. Headings build the table of contents; a YouTube, Vimeo or SoundCloud link on its own line shows a player."
                  preview={asReadersSeeIt}
                />
                <MarkdownEditor
                  label="Conclusion"
                  rows={5}
                  value={values.conclusion}
                  onChange={(value) => set('conclusion', value)}
                  error={errors.conclusion}
                  hint="Optional; shown in a box after the body."
                  preview={asReadersSeeIt}
                />
              </CardBody>
            </Card>
            <Card>
              <CardHeader title="FAQ" description="Shown after the post, and given to search engines as FAQ data." />
              <CardBody>
                <FaqEditor items={values.faq} onChange={(faq) => set('faq', faq)} error={errors.faq} />
              </CardBody>
            </Card>
          </div>
          <div className="space-y-6">
            <Card>
              <CardHeader title="Publishing" />
              <CardBody className="space-y-4">
                <Select
                  label="Status"
                  name="status"
                  value={values.status}
                  error={errors.status}
                  hint="Drafts are visible only in the admin panel."
                  onChange={(event) => set('status', event.target.value as BlogFormValues['status'])}
                >
                  {Object.entries(BLOG_STATUS_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
                <Input
                  label="Publication date"
                  type="datetime-local"
                  hint="Empty: the moment it is first published. A future date schedules the post."
                  {...text('publishedAt')}
                />
              </CardBody>
            </Card>
            <Card>
              <CardBody className="space-y-5">
                <CategoryPicker
                  value={values.category}
                  onChange={(ids) => set('category', ids)}
                  error={errors.category}
                />
                <ImagePicker
                  label="Banner"
                  hint="PNG, JPEG, WebP or GIF up to 5 MB; shown 2:1, at least 1600 px wide looks best."
                  value={values.banner}
                  onChange={(banner) => set('banner', banner)}
                  error={errors.banner}
                />
              </CardBody>
            </Card>
            <Card>
              <CardBody className="space-y-4">
                <Input label="Author" maxLength={100} autoComplete="off" {...text('author')} />
                <ImagePicker
                  label="Author picture"
                  hint="Cropped to a square."
                  shape="round"
                  value={values.authorPic}
                  onChange={(authorPic) => set('authorPic', authorPic)}
                  error={errors.authorPic}
                />
                <Textarea
                  label="Excerpt"
                  rows={3}
                  maxLength={300}
                  hint="Card text and meta description; empty: the body's first sentences."
                  {...text('excerpt')}
                />
              </CardBody>
            </Card>
          </div>
        </div>
      )}

      {dialog}
    </form>
  );
}
