export type CsvValue = string | number | null | undefined;

/** One RFC 4180 field: quoted when it holds a comma, quote or line break; quotes doubled. */
function field(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document from a header row and data rows, lines ending in CRLF as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
