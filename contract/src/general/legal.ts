import { z } from 'zod';
import { ADMINS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/** The operator's legal texts a customer accepts at sign-up. */
export const LEGAL_DOCUMENTS = ['terms', 'acceptable-use'] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_TITLES: Record<LegalDocumentName, string> = {
  terms: 'Terms of Service',
  'acceptable-use': 'Acceptable Use Policy',
};

/** Longer texts are mistakes; this still holds a long contract. */
export const LEGAL_MAX_CHARS = 100_000;

export const legalDocumentSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  title: z.string(),
  /** Plain paragraphs separated by blank lines; `## ` starts a heading, `- ` a list item. Never HTML. */
  body: z.string(),
  /** Rises by one with every saved change of either text; sign-up records the version accepted. */
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

const documentParams = z.object({
  document: z.enum(LEGAL_DOCUMENTS, { error: 'Use terms or acceptable-use' }),
});

export const legalDocument = defineEndpoint({
  method: 'GET',
  path: '/api/v1/legal/{document}',
  roles: PUBLIC,
  tag: 'General',
  summary: 'The current Terms of Service or Acceptable Use Policy, with the version sign-up accepts',
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
  summary: 'Replace the text of the Terms of Service or Acceptable Use Policy; audited, raises the version',
  message: 'Updated Successfully',
  params: documentParams,
  body: legalBodySchema,
  payload: legalDocumentSchema,
});
