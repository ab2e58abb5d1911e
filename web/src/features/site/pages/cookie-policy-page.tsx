import { useLoaderData } from 'react-router';
import { useHead, SITE_NAME } from '#lib/head.ts';
import { LegalDocumentView, legalLoader } from './legal-document-page.tsx';

export const loader = legalLoader('cookie-policy');

/** /cookie-policy: the operator's text (Legal texts in the admin panel). */
export default function CookiePolicyPage() {
  const { document } = useLoaderData<ReturnType<typeof loader>>();
  useHead({
    title: `Cookie policy · ${SITE_NAME}`,
    description:
      'Which cookies and browser storage the site and dashboard use, and why. No advertising or tracking cookies.',
    path: '/cookie-policy',
  });
  return <LegalDocumentView document={document} />;
}
