import { useParams, type LoaderFunctionArgs } from 'react-router';
import { BlogIndexPage, indexLoader } from './blog-index-page.tsx';
import { BlogPostPage, postLoader } from './blog-post-page.tsx';

/** /blog and /blog/{id} (by id or slug): one route module, so the public entry carries one lazy import. */
export function loader(args: LoaderFunctionArgs) {
  return args.params.id ? postLoader(args) : indexLoader(args);
}

export default function BlogPage() {
  const { id } = useParams();
  return id ? <BlogPostPage /> : <BlogIndexPage />;
}
