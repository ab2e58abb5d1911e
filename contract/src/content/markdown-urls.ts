/** Hosts whose links on a line of their own are played in the page (issue 19, embedded media). */
export const MEDIA_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'vimeo.com',
  'www.vimeo.com',
  'player.vimeo.com',
  'soundcloud.com',
  'www.soundcloud.com',
  'on.soundcloud.com',
] as const;

/** A link target the page may carry; anything else (javascript:, data:, //host) is dropped. */
export function safeUrl(raw: string): string | null {
  const url = raw.trim();
  if (/^https?:\/\/[^\s/]+/i.test(url) || /^mailto:[^\s]+$/i.test(url)) return url;
  if (/^\/(?![/\\])/.test(url) || /^#[\w-]*$/.test(url)) return url;
  return null;
}

/** An address a mail may carry: a mail has no site to be relative to, so absolute http(s) or mailto only. */
export function absoluteUrl(raw: string): string | null {
  const url = safeUrl(raw);
  return url && /^(https?|mailto):/i.test(url) ? url : null;
}

/** The player address of a line holding nothing but a link (or a bare https:// address) to a media host. */
export function mediaUrl(line: string): string | null {
  const trimmed = line.trim();
  const link = /^\[[^\]]*\]\((\S+)\)$/.exec(trimmed)?.[1] ?? (/^<?(https:\/\/\S+?)>?$/.exec(trimmed)?.[1] || null);
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && (MEDIA_HOSTS as readonly string[]).includes(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}
