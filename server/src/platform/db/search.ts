/** A LIKE/ILIKE pattern that matches `search` literally anywhere: %, _ and \ typed by people stay plain. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
