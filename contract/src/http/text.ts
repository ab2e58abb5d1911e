/**
 * Characters no text a client sends may carry: NUL and the other C0 controls except tab, line feed
 * and carriage return, DEL, the C1 controls, and halves of surrogate pairs standing alone. PostgreSQL
 * refuses NUL in text and JSON (it answered 500 everywhere a schema fuzzer put one), and the rest
 * only ever arrive to confuse logs, terminals and the people reading them.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE = 'Contains a control character';

export const hasControlCharacter = (text: string) => FORBIDDEN.test(text);

/**
 * Where in a client's input (a parsed JSON body, query or path parameters) the first string with a
 * forbidden character is, object keys included; null when there is none. Checked for every endpoint
 * before its own schema, so no field can forget it.
 */
export function controlCharacterPath(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [...path] : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, key];
      const found = controlCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
