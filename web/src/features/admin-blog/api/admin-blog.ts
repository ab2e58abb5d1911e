import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminBlog,
  adminBlogs,
  adminCategories,
  createBlog,
  createCategory,
  deleteBlog,
  deleteCategory,
  updateBlog,
  updateCategory,
  type BlogInput,
  type BlogStatus,
  type CategoryInput,
} from '@tollgate/contract/content/blog';
import { call } from '#lib/api-client.ts';

export const BLOGS_PAGE_SIZE = 20;
export const CATEGORIES_PAGE_SIZE = 20;
const blogsKey = ['admin', 'blogs'] as const;
const categoriesKey = ['admin', 'blog-categories'] as const;

export function useAdminBlogs(query: { page: number; search: string; status?: BlogStatus; category?: string }) {
  return useQuery({
    queryKey: [...blogsKey, 'list', query],
    queryFn: ({ signal }) =>
      call(adminBlogs, {
        query: { ...query, size: BLOGS_PAGE_SIZE, search: query.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBlog(id: string) {
  return useQuery({
    queryKey: [...blogsKey, 'one', id],
    queryFn: ({ signal }) => call(adminBlog, { params: { id }, signal }),
  });
}

export interface BlogImages {
  banner?: File;
  authorPic?: File;
}

/** Create or update: multipart with the fields as JSON and only the images that were chosen (§5). */
export function useSaveBlog(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, images }: { body: BlogInput; images: BlogImages }) =>
      id
        ? call(updateBlog, { body: { ...body, id }, files: { ...images } })
        : call(createBlog, { body, files: { ...images } }),
    onSuccess: (post) => {
      queryClient.setQueryData([...blogsKey, 'one', post.id], post);
      return queryClient.invalidateQueries({ queryKey: blogsKey });
    },
  });
}

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteBlog, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogsKey }),
  });
}

/** Every category (size 0): the editor's picker and the list filter. */
export function useAllCategories() {
  return useQuery({
    queryKey: [...categoriesKey, 'all'],
    queryFn: ({ signal }) => call(adminCategories, { query: { size: 0 }, signal }),
    select: (data) => data.items,
  });
}

export function useAdminCategories(query: { page: number; search: string }) {
  return useQuery({
    queryKey: [...categoriesKey, 'list', query],
    queryFn: ({ signal }) =>
      call(adminCategories, {
        query: { page: query.page, size: CATEGORIES_PAGE_SIZE, search: query.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCategory(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryInput) =>
      id ? call(updateCategory, { params: { id }, body }) : call(createCategory, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesKey }),
        queryClient.invalidateQueries({ queryKey: blogsKey }),
      ]),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteCategory, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriesKey }),
        queryClient.invalidateQueries({ queryKey: blogsKey }),
      ]),
  });
}
