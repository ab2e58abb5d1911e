import type { FieldError } from '@tollgate/contract/http/envelope';
import type { Endpoint, ParsedBodyOf } from '@tollgate/contract/endpoint';
import type { FastifyRequest } from 'fastify';
import { sniffImageType } from '../storage/uploads';
import { badRequest, validationError } from './errors';
import { parseOrThrow } from './validate';

export interface FormImage {
  bytes: Buffer;
  /** What the bytes are, whatever the file name or the browser said. */
  type: string;
}

/** The largest JSON text a form's `json` field may hold (a long post is ~100 kB of Markdown). */
const JSON_FIELD_MAX_BYTES = 512 * 1024;

/**
 * Reads a write declared with `multipart.form` (a JSON body plus optional images): every problem is
 * a 400 naming its field, found before anything is stored. An image larger than the cap, one whose
 * bytes are not an allowed image type, a file in a field the endpoint does not name, a field sent
 * twice: all refused. Nothing is written to disk here; the service re-encodes what it keeps.
 */
export async function readMultipartForm<E extends Endpoint>(
  request: FastifyRequest,
  endpoint: E,
  messages: { tooLarge: string; notImage: string },
): Promise<{ body: ParsedBodyOf<E>; images: Partial<Record<string, FormImage>> }> {
  const spec = endpoint.multipart;
  if (!spec?.form) throw new Error(`${endpoint.method} ${endpoint.path} is not a multipart form`);
  const { json, files } = spec.form;
  if (!request.isMultipart())
    throw badRequest(`Send multipart/form-data: the fields as JSON in "${json}", images in ${files.join(' or ')}`);

  const problems: FieldError[] = [];
  const problem = (field: string, message: string) => problems.push({ path: `body.${field}`, message });
  const images: Partial<Record<string, FormImage>> = {};
  let text: string | undefined;
  try {
    const options = {
      // Too large is told by `truncated`, per field, rather than one error for the whole form
      // (read at run time by @fastify/multipart, missing from its option type).
      throwFileSizeLimit: false,
      limits: { files: files.length, fileSize: spec.maxBytes + 1, fields: 4, fieldSize: JSON_FIELD_MAX_BYTES },
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== json) continue;
        if (text !== undefined) problem(json, `Send "${json}" once`);
        else if (part.valueTruncated) problem(json, 'The post is too long');
        else text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      const name = part.fieldname;
      if (!(files as readonly string[]).includes(name)) {
        part.file.resume();
        problem(name, `Unknown file field "${name}": send images as ${files.join(' or ')}`);
        continue;
      }
      const bytes = await part.toBuffer().catch(() => null);
      if (images[name]) problem(name, `Send "${name}" once`);
      else if (!bytes || part.file.truncated || bytes.length > spec.maxBytes) problem(name, messages.tooLarge);
      else if (bytes.length === 0) continue;
      else {
        const type = sniffImageType(bytes);
        if (!type || !spec.types.includes(type)) problem(name, messages.notImage);
        else images[name] = { bytes, type };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT')
      throw badRequest(`At most ${files.length} images: ${files.join(' and ')}, once each`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many form fields');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError([{ path: 'body', message: messages.tooLarge }]);
    throw badRequest('The upload could not be read; send it again');
  }
  if (text === undefined) problem(json, `Send the fields as JSON in "${json}"`);
  if (problems.length) throw validationError(problems);

  let parsed: unknown;
  try {
    parsed = JSON.parse(text!);
  } catch {
    throw validationError([{ path: `body.${json}`, message: `"${json}" is not valid JSON` }]);
  }
  return { body: parseOrThrow(endpoint.body, parsed, 'body') as ParsedBodyOf<E>, images };
}
