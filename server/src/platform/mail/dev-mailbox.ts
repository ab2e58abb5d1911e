import { escapeHtml } from '@tollgate/contract/content/escape-html';
import type { FastifyInstance } from 'fastify';
import type { Outbox } from './outbox';

const page = (
  title: string,
  body: string,
) => `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>
body{font:15px system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}main{max-width:900px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:10px;border-bottom:1px solid #e2e8f0;text-align:left}
a{color:#4f46e5;overflow-wrap:anywhere}h1{overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e2e8f0;padding:16px;border-radius:8px}
</style></head><body><main>${body}</main></body></html>`;

/** Development only: read what the outbox holds, as a page and as JSON for tests. */
export function installDevMailbox(app: FastifyInstance, outbox: Outbox) {
  app.get('/dev/mailbox.json', async () => {
    const mails = await outbox.list();
    return mails.map(({ id, to, subject, text, html, links, headers, sentAt }) => ({
      id,
      to,
      subject,
      text,
      html,
      links,
      headers: headers ?? {},
      sentAt,
    }));
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await outbox.list();
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.sentAt).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    const body = `<h1>Dev mailbox</h1><p>Mail the app sent without SMTP, newest first. <a href="/dev/mailbox.json">JSON</a></p>
${mails.length ? `<table><tr><th>Sent</th><th>To</th><th>Subject</th></tr>${rows}</table>` : '<p>No mail yet.</p>'}`;
    return reply.type('text/html; charset=utf-8').send(page('Dev mailbox', body));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const mail = await outbox.get(request.params.id);
    if (!mail)
      return reply
        .status(404)
        .type('text/html')
        .send(page('Not found', '<p>No such mail. <a href="/dev/mailbox">Back</a></p>'));
    const links = mail.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
    const body = `<p><a href="/dev/mailbox">← All mail</a></p><h1>${escapeHtml(mail.subject)}</h1><p>To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)}</p>
<h2>Links</h2><ul>${links || '<li>none</li>'}</ul><h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>
<p><a href="/dev/mailbox/${mail.id}/html">View the HTML version</a></p>`;
    return reply.type('text/html; charset=utf-8').send(page(mail.subject, body));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id/html', async (request, reply) => {
    const mail = await outbox.get(request.params.id);
    if (!mail) return reply.status(404).send('Not found');
    // Mail HTML is shown as sent, but sandboxed: no scripts, no forms, its own origin.
    return reply
      .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .type('text/html; charset=utf-8')
      .send(mail.html);
  });
}
