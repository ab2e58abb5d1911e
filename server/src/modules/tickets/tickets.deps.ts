import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#platform/db/client.ts';
import type { AfterAnswer } from '#platform/jobs/after-answer.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';

/** What the tickets module needs from the app (composition root, ADR 006). */
export interface TicketsDeps {
  db: Db;
  mailer: Mailer;
  mail: MailTemplates;
  /** The shop's public address: mail links point at /ticket/{id} there. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Mail goes out after the answer, so a slow or failing mail server never holds up the ticket call. */
  afterAnswer: AfterAnswer;
}
