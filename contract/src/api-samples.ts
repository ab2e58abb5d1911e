// No zod here: the documentation pages build their samples with this, and server/test/docs-samples
// runs each of them against a running shop.
/**
 * Ready-to-run calls of one endpoint in curl, Python, Node, PHP and the typed client, built from the
 * values the reader typed into "try it". Secrets are never written into them: the key is read from
 * TOLLGATE_API_KEY and the bearer token from TOLLGATE_TOKEN.
 */
export const KEY_ENV = 'TOLLGATE_API_KEY';
export const TOKEN_ENV = 'TOLLGATE_TOKEN';

/** A credential an operation asks for, as its OpenAPI security requirement names it. */
export type Credential = 'apiKey' | 'bearer';

export interface ExampleCall {
  origin: string;
  /** Lower-case HTTP method, as OpenAPI writes it; GET when left out. */
  method?: string;
  /** The path with its parameters filled in. */
  path: string;
  /** Query parameters with a value; empty ones are left out. */
  query: Record<string, string>;
  auth: readonly Credential[];
  /** Other headers with a value, e.g. Idempotency-Key; empty ones are left out. */
  headers?: Record<string, string>;
  /** The JSON body, already parsed; undefined for calls without one. */
  body?: unknown;
  /** The OpenAPI operationId: the endpoint table's name, which the typed client calls. */
  operationId?: string;
  /** Path parameters by name, for the typed client (which fills the path itself). */
  params?: Record<string, string>;
}

const filled = (values: Record<string, string> = {}) => Object.entries(values).filter(([, value]) => value !== '');
const methodOf = (call: ExampleCall) => (call.method ?? 'get').toUpperCase();

export function exampleUrl({ origin, path, query }: ExampleCall): string {
  const qs = new URLSearchParams(filled(query)).toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
}

/** Single quotes in a shell word: close, escaped quote, reopen. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function curlExample(call: ExampleCall): string {
  const method = methodOf(call);
  const lines = [`curl -sS${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(exampleUrl(call))}`];
  if (call.auth.includes('apiKey')) lines.push(`-H "x-api-key: $${KEY_ENV}"`);
  if (call.auth.includes('bearer')) lines.push(`-H "Authorization: Bearer $${TOKEN_ENV}"`);
  for (const [name, value] of filled(call.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (call.body !== undefined) {
    lines.push(`-H 'content-type: application/json'`, `--data ${shellQuote(JSON.stringify(call.body))}`);
  }
  return lines.join(' \\\n  ');
}

/** A JSON value as a Python literal (True, False, None), indented for a call's keyword argument. */
export function pythonLiteral(value: unknown, indent = '    '): string {
  const json = JSON.stringify(value, null, 4) ?? 'None';
  // Outside strings only: JSON's string escapes are valid Python, its three keywords are not.
  return json
    .replace(/("(?:[^"\\]|\\.)*")|\btrue\b|\bfalse\b|\bnull\b/g, (match, string: string | undefined) =>
      string ? string : match === 'true' ? 'True' : match === 'false' ? 'False' : 'None',
    )
    .replace(/\n/g, `\n${indent}`);
}

export function pythonExample(call: ExampleCall): string {
  const params = filled(call.query)
    .map(([key, value]) => `        ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    .join('\n');
  const headers = [
    ...(call.auth.includes('apiKey') ? [`        "x-api-key": os.environ["${KEY_ENV}"],`] : []),
    ...(call.auth.includes('bearer') ? [`        "Authorization": "Bearer " + os.environ["${TOKEN_ENV}"],`] : []),
    ...filled(call.headers).map(([name, value]) => `        ${JSON.stringify(name)}: ${JSON.stringify(value)},`),
  ];
  return [
    'import os',
    'import requests',
    '',
    'response = requests.request(',
    `    ${JSON.stringify(methodOf(call))},`,
    `    ${JSON.stringify(call.origin + call.path)},`,
    params ? `    params={\n${params}\n    },` : null,
    headers.length ? `    headers={\n${headers.join('\n')}\n    },` : null,
    call.body !== undefined ? `    json=${pythonLiteral(call.body)},` : null,
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(response.json()["payload"])',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

export function nodeExample(call: ExampleCall): string {
  const method = methodOf(call);
  const headers = [
    ...(call.auth.includes('apiKey') ? [`'x-api-key': process.env.${KEY_ENV}`] : []),
    ...(call.auth.includes('bearer') ? [`authorization: \`Bearer \${process.env.${TOKEN_ENV}}\``] : []),
    ...filled(call.headers).map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`),
    ...(call.body !== undefined ? [`'content-type': 'application/json'`] : []),
  ];
  const options = [
    ...(method === 'GET' ? [] : [`method: '${method}'`]),
    ...(headers.length ? [`headers: {\n    ${headers.join(',\n    ')},\n  }`] : []),
    ...(call.body !== undefined
      ? [`body: JSON.stringify(${JSON.stringify(call.body, null, 2).replace(/\n/g, '\n  ')})`]
      : []),
  ];
  return [
    '// Node 18 or later: fetch is built in.',
    `const url = ${JSON.stringify(exampleUrl(call))};`,
    options.length
      ? `const response = await fetch(url, {\n  ${options.join(',\n  ')},\n});`
      : 'const response = await fetch(url);',
    'const body = await response.json();',
    'if (!response.ok) throw new Error(`${body.status} ${body.message}`);',
    'console.log(body.payload);',
  ].join('\n');
}

/** A PHP single-quoted string: only the backslash and the quote are special. */
const phpQuote = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** PHP 8 with nothing installed: the HTTP stream wrapper makes the call (no curl extension needed). */
export function phpExample(call: ExampleCall): string {
  const headers = [
    ...(call.auth.includes('apiKey') ? [`'x-api-key: ' . getenv('${KEY_ENV}')`] : []),
    ...(call.auth.includes('bearer') ? [`'Authorization: Bearer ' . getenv('${TOKEN_ENV}')`] : []),
    ...filled(call.headers).map(([name, value]) => phpQuote(`${name}: ${value}`)),
    ...(call.body !== undefined ? [`'Content-Type: application/json'`] : []),
  ];
  const http = [
    `'method' => '${methodOf(call)}'`,
    ...(headers.length ? [`'header' => implode("\\r\\n", [\n        ${headers.join(',\n        ')},\n    ])`] : []),
    ...(call.body !== undefined ? [`'content' => ${phpQuote(JSON.stringify(call.body))}`] : []),
    // Error answers carry the envelope too: read them instead of a PHP warning.
    `'ignore_errors' => true`,
    `'timeout' => 30`,
  ];
  return [
    '<?php',
    `$context = stream_context_create(['http' => [\n    ${http.join(',\n    ')},\n]]);`,
    `$answer = json_decode(file_get_contents(${phpQuote(exampleUrl(call))}, false, $context), true);`,
    "if ($answer['status'] >= 400) {",
    "    fwrite(STDERR, $answer['status'] . ' ' . $answer['message'] . PHP_EOL);",
    '    exit(1);',
    '}',
    "echo json_encode($answer['payload']), PHP_EOL;",
  ].join('\n');
}

/** The import line of the typed client's sample (a test runs the rest of the sample as it is). */
export const CLIENT_IMPORT = "import { createClient } from '@tollgate/contract/client';";

/** The call through the typed client (@tollgate/contract/client): it adds the Idempotency-Key itself. */
export function clientExample(call: ExampleCall): string {
  const json = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
  const params = Object.entries(call.params ?? {});
  const query = filled(call.query);
  const idempotencyKey = Object.entries(call.headers ?? {}).find(([name]) => name.toLowerCase() === 'idempotency-key');
  const request = [
    ...(params.length ? [`params: ${json(Object.fromEntries(params))}`] : []),
    ...(query.length ? [`query: ${json(Object.fromEntries(query))}`] : []),
    ...(call.body !== undefined ? [`body: ${json(call.body)}`] : []),
    // The client makes a fresh key for each order when left out; a retry of this one reuses it.
    ...(idempotencyKey?.[1] ? [`idempotencyKey: ${JSON.stringify(idempotencyKey[1])}`] : []),
  ];
  return [
    CLIENT_IMPORT,
    '',
    'const tollgate = createClient({',
    `  baseUrl: ${JSON.stringify(call.origin)},`,
    ...(call.auth.includes('apiKey') ? [`  apiKey: process.env.${KEY_ENV},`] : []),
    ...(call.auth.includes('bearer') ? [`  token: process.env.${TOKEN_ENV},`] : []),
    '});',
    `const answer = await tollgate.call(${JSON.stringify(call.operationId ?? '')}${
      request.length ? `, {\n  ${request.join(',\n  ')},\n}` : ''
    });`,
    'if (!answer.ok) throw new Error(`${answer.status} ${answer.message}`);',
    'console.log(answer.data);',
  ].join('\n');
}
