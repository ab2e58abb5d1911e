import { inflateSync } from 'node:zlib';

/**
 * The strings a PDF made by pdf-lib shows, decoded through its fonts' ToUnicode maps: what a reader
 * would copy out of it. Enough for tests to check that text survived (no "?" in place of "—").
 */
export function pdfStrings(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1'));
    } catch {
      streams.push(match[1]!);
    }
  }
  const maps = streams
    .filter((s) => s.includes('beginbfchar'))
    .map((s) => {
      const map = new Map<string, string>();
      for (const [, glyph, unicode] of s.matchAll(/<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>/g)) {
        const units = unicode!.match(/.{4}/g)!.map((h) => parseInt(h, 16));
        map.set(glyph!.toLowerCase(), String.fromCharCode(...units));
      }
      return map;
    });
  const shown: string[] = [];
  for (const content of streams) {
    for (const [, hex] of content.matchAll(/<([0-9a-fA-F]+)>\s*Tj/g)) {
      const glyphs = hex!.toLowerCase().match(/.{4}/g) ?? [];
      // Each string is in one font; the map that knows every glyph is that font's.
      const map = maps.find((m) => glyphs.every((g) => m.has(g)));
      if (map) shown.push(glyphs.map((g) => map.get(g)).join(''));
    }
  }
  return shown;
}
