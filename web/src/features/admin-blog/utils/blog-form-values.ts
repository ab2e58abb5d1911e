import type { BlogInput, BlogPost, BlogStatus, FaqItem } from '@tollgate/contract/content/blog';
import { toLocalInput } from '#lib/local-datetime.ts';
import type { PickedImage } from '../components/image-picker.tsx';

export interface BlogFormValues {
  title: string;
  slugvalue: string;
  author: string;
  description: string;
  conclusion: string;
  excerpt: string;
  status: BlogStatus;
  /** `datetime-local` text in the editor's time zone; empty: set on first publication. */
  publishedAt: string;
  faq: FaqItem[];
  category: string[];
  banner: PickedImage;
  authorPic: PickedImage;
}
export type BlogFormKey = Exclude<keyof BlogFormValues, 'status'> | 'status';
export const BLOG_FORM_KEYS: readonly BlogFormKey[] = [
  'title',
  'slugvalue',
  'author',
  'description',
  'conclusion',
  'excerpt',
  'status',
  'publishedAt',
  'faq',
  'category',
  'banner',
  'authorPic',
];

const noImage: PickedImage = { current: null, file: null, remove: false };

export function emptyValues(author = ''): BlogFormValues {
  return {
    title: '',
    slugvalue: '',
    author,
    description: '',
    conclusion: '',
    excerpt: '',
    status: 'draft',
    publishedAt: '',
    faq: [],
    category: [],
    banner: noImage,
    authorPic: noImage,
  };
}

export function valuesOf(post: BlogPost): BlogFormValues {
  return {
    title: post.title,
    slugvalue: post.slugvalue,
    author: post.author,
    description: post.description,
    conclusion: post.conclusion,
    excerpt: post.excerptWritten ? post.excerpt : '',
    status: post.status,
    publishedAt: toLocalInput(post.publishedAt),
    faq: post.faq,
    category: post.category.map((category) => category.id),
    banner: { current: post.banner?.url ?? null, file: null, remove: false },
    authorPic: { current: post.authorPic, file: null, remove: false },
  };
}

/** The JSON the server takes in `data`; images travel as files beside it. */
export function toBlogInput(values: BlogFormValues): BlogInput {
  return {
    title: values.title,
    slugvalue: values.slugvalue,
    author: values.author,
    description: values.description,
    conclusion: values.conclusion,
    excerpt: values.excerpt,
    status: values.status,
    publishedAt: values.publishedAt ? new Date(values.publishedAt).toISOString() : null,
    faq: values.faq,
    category: values.category,
    removeBanner: values.banner.remove && !values.banner.file,
    removeAuthorPic: values.authorPic.remove && !values.authorPic.file,
  };
}

/** Whether anything differs from what was loaded (files compare by identity). */
export function isDirty(a: BlogFormValues, b: BlogFormValues): boolean {
  const plain = (v: BlogFormValues) => JSON.stringify({ ...v, banner: null, authorPic: null });
  const image = (x: PickedImage, y: PickedImage) => x.file !== y.file || x.remove !== y.remove;
  return plain(a) !== plain(b) || image(a.banner, b.banner) || image(a.authorPic, b.authorPic);
}
