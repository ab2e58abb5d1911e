import { useLoaderData } from 'react-router';
import { LegalDocumentView, legalLoader } from './legal-document-page.tsx';
import { useHead, SITE_NAME } from '#lib/head.ts';

export const loader = legalLoader('acceptable-use');

export default function AcceptableUsePage() {
  useHead({
    title: `Acceptable Use Policy · ${SITE_NAME}`,
    description: 'What the proxies may and may not be used for.',
    path: '/acceptable-use',
  });
  const { document } = useLoaderData<ReturnType<typeof loader>>();
  return <LegalDocumentView document={document} />;
}
