import { escapeHtml } from '@tollgate/contract/content/escape-html';
import type { MailMessage } from './mail-message';
import { renderMarkdown } from './markdown';

export interface CampaignContent {
  subject: string;
  /** Markdown as staff wrote it. */
  body: string;
}

export interface CampaignLinks {
  /** The visible link: the `/email-subscription/cancel` page, which confirms on screen. */
  unsubscribe: string;
  /** RFC 8058: what mail clients POST to, with no page and no session. */
  oneClick: string;
}

/**
 * One campaign mail as a customer receives it: greeted by name, the rendered Markdown, and a
 * footer saying why it came with the one-click unsubscribe link, plus the RFC 8058 headers.
 * The preview staff see is this very function's output.
 */
export function campaignMail(
  site: string,
  to: { email: string; username: string },
  content: CampaignContent,
  links: CampaignLinks,
): MailMessage {
  const body = renderMarkdown(content.body);
  const greeting = `Hi ${to.username},`;
  const text = [
    greeting,
    '',
    body.text,
    '',
    `— ${site}`,
    '',
    `You receive this because you opted in to news and offers from ${site}.`,
    `Unsubscribe with one click: ${links.unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(site)}</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px;overflow-wrap:anywhere">
<p style="line-height:1.6;margin:0 0 16px">${escapeHtml(greeting)}</p>
${body.html}
</div>
<p style="color:#64748b;font-size:12px;line-height:1.5;margin-top:16px">You receive this because you opted in to news and offers from ${escapeHtml(site)}. <a href="${escapeHtml(links.unsubscribe)}" style="color:#4f46e5">Unsubscribe</a>.</p>
</div></body></html>`;
  return {
    to: to.email,
    subject: content.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
