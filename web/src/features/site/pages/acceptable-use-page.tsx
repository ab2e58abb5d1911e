import { useLoaderData } from 'react-router';
import { LegalDocumentView, legalLoader } from './legal-document-page.tsx';

export const loader = legalLoader('acceptable-use');

export default function AcceptableUsePage() {
  const { document } = useLoaderData<ReturnType<typeof loader>>();
  return <LegalDocumentView document={document} />;
}
