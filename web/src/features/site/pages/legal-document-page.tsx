import { Suspense, use } from 'react';
import type { LegalDocument, LegalDocumentName } from '@tollgate/contract/general/legal';
import { LegalText } from '#components/legal-text.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatDate } from '#lib/format.ts';
import { getLegal } from '../api/get-legal.ts';
import { LegalPage } from '../components/legal-page.tsx';

/** Route loader of a legal page: the fetch starts with navigation, the page suspends on it. */
export const legalLoader = (document: LegalDocumentName) => () => ({ document: getLegal(document) });

function Body({ document }: { document: Promise<LegalDocument> }) {
  const doc = use(document);
  return (
    <LegalPage
      title={doc.title}
      meta={
        doc.updatedAt ? `Last updated ${formatDate(doc.updatedAt)} · version ${doc.version}` : `Version ${doc.version}`
      }
    >
      <LegalText body={doc.body} />
    </LegalPage>
  );
}

export function LegalDocumentView({ document }: { document: Promise<LegalDocument> }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Body document={document} />
    </Suspense>
  );
}
