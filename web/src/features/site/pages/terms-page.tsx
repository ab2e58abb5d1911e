import { useLoaderData } from 'react-router';
import { LegalDocumentView, legalLoader } from './legal-document-page.tsx';
import { useHead, SITE_NAME } from '#lib/head.ts';

export const loader = legalLoader('terms');

export default function TermsPage() {
  useHead({
    title: `Terms of Service · ${SITE_NAME}`,
    description: 'The terms that apply to every account and every proxy plan bought in this shop.',
    path: '/terms',
  });
  const { document } = useLoaderData<ReturnType<typeof loader>>();
  return <LegalDocumentView document={document} />;
}
