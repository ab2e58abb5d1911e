import { useLoaderData } from 'react-router';
import { LegalDocumentView, legalLoader } from './legal-document-page.tsx';

export const loader = legalLoader('terms');

export default function TermsPage() {
  const { document } = useLoaderData<ReturnType<typeof loader>>();
  return <LegalDocumentView document={document} />;
}
