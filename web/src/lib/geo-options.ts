import { formatCountry } from '#lib/format.ts';

export interface GeoOption {
  value: string;
  label: string;
}

const option = (value: string, label?: string): GeoOption => ({ value, label: label || formatCountry(value) });

function fromJson(raw: unknown): GeoOption[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((item): GeoOption[] => {
    if (typeof item === 'string') return item.trim() ? [option(item.trim())] : [];
    if (item && typeof item === 'object') {
      const { code, value, name, label } = item as Record<string, unknown>;
      const key = typeof code === 'string' ? code : typeof value === 'string' ? value : '';
      const text = typeof name === 'string' ? name : typeof label === 'string' ? label : undefined;
      return key ? [option(key, text)] : [];
    }
    return [];
  });
}

/**
 * A plan's serverGeoOptions text (spec §3): a JSON list (of codes or `{ code, name }`) or plain
 * comma-separated values. Two-letter codes are shown by their English country name.
 */
export function parseGeoOptions(text: string): GeoOption[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (trimmed.startsWith('[')) {
    try {
      const parsed = fromJson(JSON.parse(trimmed));
      if (parsed) return dedupe(parsed);
    } catch {
      // Not JSON after all: read it as a plain list below.
    }
  }
  return dedupe(
    trimmed
      .split(/[,\n]/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => option(part)),
  );
}

function dedupe(options: GeoOption[]): GeoOption[] {
  const seen = new Set<string>();
  return options.filter((item) => !seen.has(item.value) && seen.add(item.value));
}
