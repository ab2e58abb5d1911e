import type { Sealer } from '#platform/auth/sealed.ts';
import type { Config } from '#platform/config/env.ts';
import type { Db } from '#platform/db/client.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';
import type { Uploads } from '#platform/storage/uploads.ts';

/** What a customer's own settings need from the platform, built once in app.ts. */
export interface ProfileDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  mail: MailTemplates;
  uploads: Uploads;
  /** Opens TOTP secrets: deleting an account with two-factor on asks for a code. */
  sealer: Sealer;
}
