import { useLoaderData } from 'react-router';
import { useHead, SITE_NAME } from '#lib/head.ts';
import { LegalDocumentView, legalLoader } from './legal-document-page.tsx';

export const loader = legalLoader('privacy-policy-extension');

/** /privacy-policy-extension: the operator's text (Legal texts in the admin panel). */
export default function PrivacyPolicyExtensionPage() {
  const { document } = useLoaderData<ReturnType<typeof loader>>();
  useHead({
    title: `Browser extension privacy policy · ${SITE_NAME}`,
    description: 'What the browser extension can access, what it stores on your device and what it never does.',
    path: '/privacy-policy-extension',
  });
  return <LegalDocumentView document={document} />;
}
