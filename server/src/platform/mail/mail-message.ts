/** One mail as every sender takes it: SMTP, the dev outbox, the templates that write it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}
