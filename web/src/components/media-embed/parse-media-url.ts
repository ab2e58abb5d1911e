import { EMBED_FRAME_ORIGINS } from '@tollgate/contract/general/media';

export type MediaProvider = 'youtube' | 'vimeo' | 'soundcloud';

export interface MediaSource {
  provider: MediaProvider;
  /** The player URL framed after the click (one of EMBED_FRAME_ORIGINS). */
  embedUrl: string;
  /** The link as pasted, for "open on …" and for readers without frames. */
  url: string;
  /** The provider's id of the video or track (YouTube, Vimeo) or its path (SoundCloud). */
  id: string;
  /** Seconds into the video to start at; 0 from the start. */
  start: number;
  kind: 'video' | 'audio';
}

export const PROVIDER_NAMES: Record<MediaProvider, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  soundcloud: 'SoundCloud',
};

const [YOUTUBE_PLAYER, VIMEO_PLAYER, SOUNDCLOUD_PLAYER] = EMBED_FRAME_ORIGINS;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const SOUNDCLOUD_HOSTS = new Set(['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com']);

/** `90`, `90s`, `1m30s`, `1h2m3s` -> seconds; anything else 0. */
export function parseStartTime(value: string | null | undefined): number {
  if (!value) return 0;
  const text = value.trim().toLowerCase();
  if (/^\d{1,6}$/.test(text)) return Number(text);
  const match = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(text);
  if (!match || text === '') return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function youtube(url: URL): Omit<MediaSource, 'url'> | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  } else return null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = parseStartTime(
    url.searchParams.get('t') ?? url.searchParams.get('start') ?? url.hash.replace(/^#t=/, ''),
  );
  const query = new URLSearchParams({ autoplay: '1', rel: '0' });
  if (start > 0) query.set('start', String(start));
  return { provider: 'youtube', id, start, kind: 'video', embedUrl: `${YOUTUBE_PLAYER}/embed/${id}?${query}` };
}

function vimeo(url: URL): Omit<MediaSource, 'url'> | null {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // vimeo.com/123, vimeo.com/123/abcdef (unlisted hash), player.vimeo.com/video/123, vimeo.com/channels/x/123
  const index = segments.findIndex((segment) => /^\d{1,12}$/.test(segment));
  if (index < 0) return null;
  const id = segments[index]!;
  const hash =
    url.searchParams.get('h') ?? (/^[0-9a-f]{6,20}$/i.test(segments[index + 1] ?? '') ? segments[index + 1] : null);
  const start = parseStartTime(url.hash.replace(/^#t=/, '') || url.searchParams.get('t'));
  const query = new URLSearchParams({ dnt: '1', autoplay: '1' });
  if (hash) query.set('h', hash);
  return {
    provider: 'vimeo',
    id,
    start,
    kind: 'video',
    embedUrl: `${VIMEO_PLAYER}/video/${id}?${query}${start > 0 ? `#t=${start}s` : ''}`,
  };
}

function soundcloud(url: URL): Omit<MediaSource, 'url'> | null {
  if (!SOUNDCLOUD_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // A track is /artist/track, a playlist /artist/sets/name; a bare /artist is a profile, not a player.
  if (segments.length < 2 || !segments.every((segment) => /^[\w.-]{1,100}$/.test(segment))) return null;
  const path = `/${segments.join('/')}`;
  const query = new URLSearchParams({
    url: `https://soundcloud.com${path}`,
    auto_play: 'true',
    visual: 'false',
    show_comments: 'false',
  });
  return {
    provider: 'soundcloud',
    id: path,
    start: 0,
    kind: 'audio',
    embedUrl: `${SOUNDCLOUD_PLAYER}/player/?${query}`,
  };
}

/** A pasted link as a playable source, or null when it is not one of the supported players. */
export function parseMediaUrl(input: string): MediaSource | null {
  const text = input.trim();
  if (!text || text.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const found = youtube(url) ?? vimeo(url) ?? soundcloud(url);
  return found ? { ...found, url: url.toString() } : null;
}
