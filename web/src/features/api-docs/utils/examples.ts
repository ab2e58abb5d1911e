/**
 * Ready-to-run calls of one GET endpoint in curl, Python and Node, built from the values the reader
 * typed into "try it". The key is never written into them: each reads it from TOLLGATE_API_KEY.
 */
export const KEY_ENV = 'TOLLGATE_API_KEY';

export interface ExampleCall {
  origin: string;
  path: string;
  /** Query parameters with a value; empty ones are left out. */
  query: Record<string, string>;
  /** `api-key`: the x-api-key header; `bearer`: a session token. */
  auth: 'api-key' | 'bearer' | 'none';
}

const filled = (query: Record<string, string>) => Object.entries(query).filter(([, value]) => value !== '');

export function exampleUrl({ origin, path, query }: ExampleCall): string {
  const qs = new URLSearchParams(filled(query)).toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
}

/** Single quotes in a shell word: close, escaped quote, reopen. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function curlExample(call: ExampleCall): string {
  const header =
    call.auth === 'api-key'
      ? ` \\\n  -H "x-api-key: $${KEY_ENV}"`
      : call.auth === 'bearer'
        ? ` \\\n  -H "Authorization: Bearer $TOLLGATE_TOKEN"`
        : '';
  return `curl -sS ${shellQuote(exampleUrl(call))}${header}`;
}

export function pythonExample(call: ExampleCall): string {
  const params = filled(call.query)
    .map(([key, value]) => `        ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    .join('\n');
  const headers =
    call.auth === 'api-key'
      ? `    headers={"x-api-key": os.environ["${KEY_ENV}"]},\n`
      : call.auth === 'bearer'
        ? `    headers={"Authorization": "Bearer " + os.environ["TOLLGATE_TOKEN"]},\n`
        : '';
  return [
    'import os',
    'import requests',
    '',
    'response = requests.get(',
    `    ${JSON.stringify(call.origin + call.path)},`,
    params ? `    params={\n${params}\n    },` : null,
    `${headers}    timeout=30,`,
    ')',
    'response.raise_for_status()',
    'print(response.json()["payload"])',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export function nodeExample(call: ExampleCall): string {
  const headers =
    call.auth === 'api-key'
      ? `{ headers: { 'x-api-key': process.env.${KEY_ENV} } }`
      : call.auth === 'bearer'
        ? `{ headers: { authorization: \`Bearer \${process.env.TOLLGATE_TOKEN}\` } }`
        : '{}';
  return [
    '// Node 18 or later: fetch is built in.',
    `const url = ${JSON.stringify(exampleUrl(call))};`,
    `const response = await fetch(url, ${headers});`,
    'const body = await response.json();',
    'if (!response.ok) throw new Error(`${body.status} ${body.message}`);',
    'console.log(body.payload);',
  ].join('\n');
}
