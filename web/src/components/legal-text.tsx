import type { ReactNode } from 'react';

/**
 * Renders an operator's legal text: blank lines separate blocks, `## ` starts a heading and lines
 * starting `- ` form a list. Everything is React text, never HTML, so no text can inject markup.
 */
export function LegalText({ body }: { body: string }) {
  const blocks = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return <>{blocks.map((block, i) => renderBlock(block, i))}</>;
}

function renderBlock(block: string, key: number): ReactNode {
  const lines = block.split('\n').map((line) => line.trim());
  const first = lines[0] ?? '';
  if (first.startsWith('## ')) {
    const rest = lines.slice(1).join('\n');
    return (
      <section key={key}>
        <h2>{first.slice(3)}</h2>
        {rest && renderBlock(rest, 0)}
      </section>
    );
  }
  if (lines.every((line) => line.startsWith('- '))) {
    return (
      <ul key={key}>
        {lines.map((line, i) => (
          <li key={i}>{line.slice(2)}</li>
        ))}
      </ul>
    );
  }
  return <p key={key}>{lines.join(' ')}</p>;
}
