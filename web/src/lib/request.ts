import type { Endpoint } from '@tollgate/contract/endpoint';

/** `?a=1&b=x` from a query object; empty values are left out. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * JSON for ordinary endpoints; FormData for multipart ones, whose boundary header the browser
 * writes itself (so no content-type here).
 */
export function requestBody(
  multipart: Endpoint['multipart'],
  opts: { body?: unknown; file?: Blob; files?: Record<string, Blob | undefined> },
  headers: Record<string, string>,
): BodyInit | undefined {
  if (multipart) {
    const form = new FormData();
    if (multipart.form) {
      // A write with fields and files: the body as JSON text, each image only if there is one (§5).
      form.append(multipart.form.json, JSON.stringify(opts.body));
      for (const [name, file] of Object.entries(opts.files ?? {})) if (file) form.append(name, file);
    } else if (opts.file) form.append(multipart.field, opts.file);
    else throw new Error(`${multipart.field} is required for this upload`);
    return form;
  }
  if (opts.body === undefined) return undefined;
  headers['content-type'] = 'application/json';
  return JSON.stringify(opts.body);
}
