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
 * before its own schema, so no field can forget it. Walks with its own stack: a body nested ten
 * thousand levels deep (twenty kilobytes of brackets) must not overflow the call stack.
 */
export function controlCharacterPath(value: unknown, path: readonly string[] = []): string[] | null {
  type Trail = { key: string; up: Trail } | null;
  const pathOf = (trail: Trail) => {
    const keys: string[] = [];
    for (let t = trail; t; t = t.up) keys.push(t.key);
    return [...path, ...keys.reverse()];
  };
  const stack: [unknown, Trail][] = [[value, null]];
  while (stack.length) {
    const [item, trail] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) return pathOf(trail);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], { key: String(i), up: trail }]);
    } else if (item && typeof item === 'object') {
      const entries = Object.entries(item);
      // In order, each key before its value: pushed the other way round.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        stack.push([inner, { key, up: trail }], [key, { key, up: trail }]);
      }
    }
  }
  return null;
}
