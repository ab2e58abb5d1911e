/**
 * The third-party players the media embed may load, after a click (web: components/media-embed).
 * The server's Content-Security-Policy `frame-src` lists exactly these origins, so no other site
 * can be framed even if a link slipped through.
 */
export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://w.soundcloud.com',
] as const;
