import type { ReactNode } from 'react';
import { cn } from '#lib/cn.ts';

const CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.test/a."). */
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The http(s) URL at the start of `text`, or null: anything that does not parse stays text. */
export function safeUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Splits text into plain runs and http(s) links (trailing sentence punctuation left as text). */
export function splitLinks(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    // A closing bracket the address itself opened belongs to it (wiki-style paths).
    const keep = trailing.startsWith(')') && candidate.includes('(') ? 1 : 0;
    candidate = candidate.slice(0, candidate.length - trailing.length + keep);
    const url = safeUrl(candidate);
    if (!url) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: candidate, href: url.href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Text someone typed (a ticket message), shown as React text with line breaks kept; only http(s)
 * addresses become links, opened in a new tab without the opener or a referrer. Markup in the text
 * is never interpreted.
 */
export function LinkedText({ text, className }: { text: string; className?: string }): ReactNode {
  return (
    <p className={cn('break-words whitespace-pre-wrap', className)}>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
