const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for HTML or XML, in an element or a quoted attribute of either quote. The one escaper of the
 * shop: pages, mails, the dev mailbox and the sitemap all use it (a copy without `'` let a
 * single-quoted attribute be broken out of).
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
