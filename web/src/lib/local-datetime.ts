const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as the value of an `<input type="datetime-local">` (`YYYY-MM-DDTHH:mm`), in the
 * browser's time zone; no instant or not a date is an empty input. Each form reads the input back by
 * its own rule (what a blank means differs), so only this direction is shared.
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
