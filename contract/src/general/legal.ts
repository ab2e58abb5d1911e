import { z } from 'zod';
import { ADMINS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/**
 * The operator's legal texts: the two a customer accepts at sign-up (they share one version), and
 * the cookie and extension privacy policies shown on the public site (each versioned on its own).
 */
export const LEGAL_DOCUMENTS = ['terms', 'acceptable-use', 'cookie-policy', 'privacy-policy-extension'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];
/** The texts sign-up accepts; a change to either raises the version accounts record. */
export const SIGN_UP_DOCUMENTS = ['terms', 'acceptable-use'] as const satisfies readonly LegalDocumentName[];

export const LEGAL_TITLES: Record<LegalDocumentName, string> = {
  terms: 'Terms of Service',
  'acceptable-use': 'Acceptable Use Policy',
  'cookie-policy': 'Cookie policy',
  'privacy-policy-extension': 'Browser extension privacy policy',
};

/** Longer texts are mistakes; this still holds a long contract. */
export const LEGAL_MAX_CHARS = 100_000;

export const legalDocumentSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  title: z.string(),
  /** Plain paragraphs separated by blank lines; `## ` starts a heading, `- ` a list item. Never HTML. */
  body: z.string(),
  /** Rises with every saved change (terms and acceptable use share one; sign-up records it). */
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

const documentParams = z.object({
  document: z.enum(LEGAL_DOCUMENTS, { error: `Use one of ${LEGAL_DOCUMENTS.join(', ')}` }),
});

export const legalDocument = defineEndpoint({
  method: 'GET',
  path: '/api/v1/legal/{document}',
  roles: PUBLIC,
  tag: 'General',
  summary:
    'The current text of a legal page (terms, acceptable use, cookie policy, extension privacy policy) with its version',
  message: 'Legal document',
  params: documentParams,
  payload: legalDocumentSchema,
  rateLimit: { perMinute: 120 },
});

export const legalBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(20, 'Write at least a sentence')
    .max(LEGAL_MAX_CHARS, `At most ${LEGAL_MAX_CHARS.toLocaleString('en-US')} characters`),
});

export const updateLegalDocument = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/legal/{document}',
  roles: ADMINS,
  tag: 'Admin: settings',
  summary: 'Replace the text of one legal page; audited, raises its version',
  message: 'Updated Successfully',
  params: documentParams,
  body: legalBodySchema,
  payload: legalDocumentSchema,
});
