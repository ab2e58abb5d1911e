import { Download } from 'lucide-react';
import { customerDocument, postmanCollection, type OpenApiJson } from '@tollgate/contract/api-downloads';
import { Button } from '#components/ui/button.tsx';
import type { OpenApiDocument } from '../api/get-openapi.ts';

/** Saves a JSON value as a file: made in the page from the description it already read, no second request. */
function save(fileName: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The API description to take away: the customers' part of the OpenAPI document, and the same as a
 * Postman collection (v2.1; Insomnia imports it too), for a client generator or to try calls.
 */
export function ApiDownloads({ doc }: { doc: OpenApiDocument }) {
  const mine = () => customerDocument(doc as unknown as OpenApiJson);
  return (
    <div role="group" aria-label="Downloads" className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" onClick={() => save('tollgate-openapi.json', mine())}>
        <Download className="size-4" aria-hidden /> OpenAPI (JSON)
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => save('tollgate.postman_collection.json', postmanCollection(mine(), window.location.origin))}
      >
        <Download className="size-4" aria-hidden /> Postman collection
      </Button>
    </div>
  );
}
