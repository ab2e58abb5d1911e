import { describe, expect, it } from 'vitest';
import { linksIn } from './outbox';
import { mailTemplates } from './templates';

const mail = mailTemplates('Tollgate');

describe('mail templates', () => {
  it('gives every transactional mail a text and an HTML version with the same link', () => {
    const url = 'https://shop.example.test/verify-email/process/abc_DEF-123';
    const message = mail.verification('a@example.test', url);
    expect(message.subject).toBe('Verify your email for Tollgate');
    expect(message.text).toContain(url);
    expect(linksIn(message)).toEqual([url]);
  });

  it('escapes what it puts in HTML', () => {
    const message = mail.newSignIn('a@example.test', {
      ip: '203.0.113.9',
      device: '<script>x</script>',
      at: new Date(0),
    });
    expect(message.html).not.toContain('<script>x');
    expect(message.html).toContain('&lt;script&gt;');
  });

  it('puts a one-click unsubscribe link and List-Unsubscribe headers on marketing mail', () => {
    const unsubscribe = 'https://shop.example.test/email-subscription/cancel?token=id.sig';
    const message = mail.marketing(
      'a@example.test',
      { subject: 'News', heading: 'New pools', paragraphs: ['More IPs.'] },
      unsubscribe,
    );
    expect(message.text).toContain(unsubscribe);
    expect(linksIn(message)).toContain(unsubscribe);
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
