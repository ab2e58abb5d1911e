import { createHmac, timingSafeEqual } from 'node:crypto';

/** Optional mail a customer can stop with one click: product news, and plan reminders. */
export const MAIL_TOPICS = ['news', 'reminders'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

// News links carry no topic: those already sent (`id.signature`) keep working.
const purpose = (accountId: string, topic: MailTopic) =>
  topic === 'news' ? `unsubscribe:${accountId}` : `unsubscribe:${topic}:${accountId}`;

/**
 * Signed unsubscribe links that work without signing in: the token names the account and the
 * topic, and only this server can make one (HMAC with the app secret).
 */
export function unsubscribeLinks(secret: string) {
  const sign = (accountId: string, topic: MailTopic) =>
    createHmac('sha256', secret).update(purpose(accountId, topic)).digest('base64url');
  return {
    token: (accountId: string, topic: MailTopic) =>
      topic === 'news' ? `${accountId}.${sign(accountId, topic)}` : `${accountId}.${topic}.${sign(accountId, topic)}`,

    url(origin: string, accountId: string, topic: MailTopic) {
      return `${origin}/email-subscription/cancel?token=${this.token(accountId, topic)}`;
    },

    /** RFC 8058: the address of the List-Unsubscribe header, which mail clients POST to. */
    oneClickUrl(origin: string, accountId: string, topic: MailTopic) {
      return `${origin}/api/v1/public/email-subscription/one-click?token=${this.token(accountId, topic)}`;
    },

    /** The account and topic a token stands for, or null when it was not made here. */
    read(token: string): { accountId: string; topic: MailTopic } | null {
      const parts = token.split('.');
      const [accountId, topic, signature] =
        parts.length === 2 ? [parts[0], 'news', parts[1]] : parts.length === 3 ? parts : [];
      if (!accountId || !signature || !MAIL_TOPICS.includes(topic as MailTopic)) return null;
      const expected = Buffer.from(sign(accountId, topic as MailTopic));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { accountId, topic: topic as MailTopic };
    },
  };
}
