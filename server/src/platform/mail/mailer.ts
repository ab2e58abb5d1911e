import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message';
import { createOutbox, type Outbox } from './outbox';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Present only without SMTP (development, tests): the dev mailbox reads it. */
  outbox: Outbox | null;
}

/** SMTP through nodemailer when MAIL_URL is set; otherwise the outbox folder. */
export function createMailer(options: { mailUrl?: string | undefined; from: string; dataDir: string }): Mailer {
  if (options.mailUrl) {
    const transport = nodemailer.createTransport(options.mailUrl);
    return {
      outbox: null,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = createOutbox(options.dataDir);
  return {
    outbox,
    async send(message) {
      await outbox.save(message);
    },
  };
}
