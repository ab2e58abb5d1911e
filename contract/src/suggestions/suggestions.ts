import { z } from 'zod';
import { CUSTOMERS, TICKET_DESK } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema, pagedQuery } from '../http/envelope';

/** One suggestion per account per UTC day keeps the box useful. */
export const SUGGESTION_ALREADY_SENT = 'You have already sent a suggestion today. Thank you!';
export const UNKNOWN_SUGGESTION = 'No such suggestion';
export const SUGGESTIONS_PAGE_SIZE = 20;

export const sendSuggestion = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/suggestions',
  roles: CUSTOMERS,
  tag: 'Suggestions',
  summary: 'Send the team a suggestion from the dashboard (one a day)',
  message: 'Thank you for your suggestion',
  body: z.object({
    suggestion: z
      .string({ error: 'Write your suggestion' })
      .trim()
      .min(10, 'Write at least 10 characters')
      .max(2000, 'Keep it under 2,000 characters'),
  }),
  payload: z.object({ id: z.string() }),
});

export const suggestionsAllowed = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/suggestions/allowed',
  roles: CUSTOMERS,
  tag: 'Suggestions',
  summary: 'Whether I may send a suggestion now, and when next if not',
  message: 'Suggestions allowed',
  payload: z.object({ allowed: z.boolean(), nextAllowedAt: z.iso.datetime({ offset: true }).nullable() }),
});

export const suggestionSchema = z.object({
  id: z.string(),
  suggestion: z.string(),
  account: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  createdAt: z.iso.datetime({ offset: true }),
});

/** Staff read and delete suggestions from /admin/suggestions and /support/suggestions (DESIGN §10). */
export const adminSuggestions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/suggestions',
  roles: TICKET_DESK,
  tag: 'Admin: suggestions',
  summary: 'Customers’ suggestions, newest first; search the text, the username or the email',
  message: 'Suggestions list',
  query: pagedQuery({ max: 100, default: SUGGESTIONS_PAGE_SIZE }),
  payload: listPayloadSchema(suggestionSchema),
});

export const deleteSuggestion = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/suggestions/{suggestionId}',
  roles: TICKET_DESK,
  tag: 'Admin: suggestions',
  summary: 'Delete a suggestion once handled',
  message: 'Suggestion deleted',
  params: z.object({ suggestionId: z.uuid(UNKNOWN_SUGGESTION) }),
  payload: z.null(),
});
