import { describe, expect, it } from 'vitest';
import { EMBED_FRAME_ORIGINS } from '@tollgate/contract/general/media';
import { parseMediaUrl, parseStartTime } from './parse-media-url.ts';

describe('parseMediaUrl', () => {
  it('reads every usual YouTube link into the privacy-enhanced player, keeping the start time', () => {
    const id = 'aqz-KE-bpKQ';
    for (const link of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?v=${id}&list=PL1`,
      `https://m.youtube.com/watch?v=${id}`,
      `youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `https://www.youtube.com/live/${id}`,
    ]) {
      const source = parseMediaUrl(link);
      expect(source, link).toMatchObject({ provider: 'youtube', id, kind: 'video', start: 0 });
      expect(source!.embedUrl).toBe(`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`);
    }
    expect(parseMediaUrl(`https://youtu.be/${id}?t=90`)!.embedUrl).toContain('start=90');
    expect(parseMediaUrl(`https://www.youtube.com/watch?v=${id}&t=1m30s`)!.start).toBe(90);
    expect(parseMediaUrl(`https://www.youtube.com/watch?v=${id}#t=1h2m3s`)!.start).toBe(3723);
  });

  it('plays Vimeo without tracking, including unlisted videos and start times', () => {
    expect(parseMediaUrl('https://vimeo.com/76979871')!.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
    expect(parseMediaUrl('https://vimeo.com/76979871/abcdef1234')!.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=abcdef1234',
    );
    expect(parseMediaUrl('https://player.vimeo.com/video/76979871?h=ff00aa')!.embedUrl).toContain('h=ff00aa');
    expect(parseMediaUrl('https://vimeo.com/channels/staffpicks/76979871#t=75s')!.embedUrl).toMatch(/#t=75s$/);
  });

  it('plays SoundCloud tracks and playlists as audio, but not a bare profile', () => {
    const track = parseMediaUrl('https://soundcloud.com/artist-name/a-track')!;
    expect(track).toMatchObject({ provider: 'soundcloud', kind: 'audio', id: '/artist-name/a-track' });
    expect(new URL(track.embedUrl).searchParams.get('url')).toBe('https://soundcloud.com/artist-name/a-track');
    expect(parseMediaUrl('https://soundcloud.com/artist-name/sets/best-of')!.kind).toBe('audio');
    expect(parseMediaUrl('https://soundcloud.com/artist-name')).toBeNull();
  });

  it('frames nothing but the three allowed players', () => {
    for (const link of ['https://youtu.be/aqz-KE-bpKQ', 'https://vimeo.com/1', 'https://soundcloud.com/a/b']) {
      const origin = new URL(parseMediaUrl(link)!.embedUrl).origin;
      expect(EMBED_FRAME_ORIGINS).toContain(origin);
    }
  });

  it('refuses look-alikes, other hosts and malformed input, so they show as plain links', () => {
    for (const link of [
      '',
      '   ',
      'not a url',
      'javascript:alert(1)',
      'https://evil.example/watch?v=aqz-KE-bpKQ',
      'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=<script>xx',
      'https://user:pass@www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com:8443/watch?v=aqz-KE-bpKQ',
      'ftp://vimeo.com/123',
      'https://vimeo.com/about',
      'https://soundcloud.com/a/<b>',
      `https://youtu.be/${'a'.repeat(3000)}`,
    ]) {
      expect(parseMediaUrl(link), link).toBeNull();
    }
  });
});

describe('parseStartTime', () => {
  it('reads seconds and h/m/s forms, and anything else as the start', () => {
    expect(parseStartTime('42')).toBe(42);
    expect(parseStartTime('42s')).toBe(42);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime('1h0m5s')).toBe(3605);
    expect(parseStartTime('soon')).toBe(0);
    expect(parseStartTime(null)).toBe(0);
  });
});
