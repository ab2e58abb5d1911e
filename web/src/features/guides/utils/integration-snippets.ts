/**
 * Code that sends one request through the reader's proxy, for the integration-codes guide. Values
 * go in as the guide shows them (the reader's own, or placeholders). Credentials are
 * percent-encoded inside URLs, so a password with `@` or `:` still works.
 */
export interface SnippetValues {
  host: string;
  httpPort: string;
  socksPort: string;
  username: string;
  password: string;
}

export const SNIPPETS = ['curl', 'python', 'node-undici', 'node-axios', 'php', 'go'] as const;
export type SnippetId = (typeof SNIPPETS)[number];

export const SNIPPET_TITLES: Record<SnippetId, string> = {
  curl: 'curl',
  python: 'Python (requests)',
  'node-undici': 'Node.js (undici)',
  'node-axios': 'Node.js (axios)',
  php: 'PHP (cURL)',
  go: 'Go (net/http)',
};

/** Answers with the IP the request came from: the proxy's exit. */
export const CHECK_URL = 'https://api.ipify.org?format=json';

const bracket = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

export function proxyUrl(values: SnippetValues, scheme: 'http' | 'socks5h' | 'socks5'): string {
  const port = scheme === 'http' ? values.httpPort : values.socksPort;
  return `${scheme}://${encodeURIComponent(values.username)}:${encodeURIComponent(values.password)}@${bracket(values.host)}:${port}`;
}

/** One-quoted for a POSIX shell: `'` becomes `'\''`. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A double-quoted string literal for Python, JavaScript and Go. */
const quote = (text: string) => JSON.stringify(text);
/** A single-quoted PHP literal. */
const phpQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function buildIntegrationSnippet(id: SnippetId, values: SnippetValues, socks = false): string {
  const url = proxyUrl(values, socks ? 'socks5h' : 'http');
  switch (id) {
    case 'curl':
      return socks
        ? `curl --proxy ${shellQuote(url)} ${shellQuote(CHECK_URL)}`
        : `curl --proxy ${shellQuote(`http://${bracket(values.host)}:${values.httpPort}`)} \\\n  --proxy-user ${shellQuote(`${values.username}:${values.password}`)} \\\n  ${shellQuote(CHECK_URL)}`;
    case 'python':
      return [
        ...(socks ? ['# pip install "requests[socks]"'] : ['# pip install requests']),
        'import requests',
        '',
        `proxy = ${quote(url)}`,
        'proxies = {"http": proxy, "https": proxy}',
        '',
        `response = requests.get(${quote(CHECK_URL)}, proxies=proxies, timeout=30)`,
        'response.raise_for_status()',
        'print(response.json())',
      ].join('\n');
    case 'node-undici':
      return socks
        ? [
            '// npm install socks-proxy-agent',
            "import https from 'node:https';",
            "import { SocksProxyAgent } from 'socks-proxy-agent';",
            '',
            `const agent = new SocksProxyAgent(${quote(url)});`,
            `https.get(${quote(CHECK_URL)}, { agent }, (res) => res.pipe(process.stdout));`,
          ].join('\n')
        : [
            '// npm install undici',
            "import { fetch, ProxyAgent } from 'undici';",
            '',
            `const dispatcher = new ProxyAgent(${quote(url)});`,
            `const response = await fetch(${quote(CHECK_URL)}, { dispatcher });`,
            'console.log(await response.json());',
          ].join('\n');
    case 'node-axios':
      return socks
        ? [
            '// npm install axios socks-proxy-agent',
            "import axios from 'axios';",
            "import { SocksProxyAgent } from 'socks-proxy-agent';",
            '',
            `const agent = new SocksProxyAgent(${quote(url)});`,
            `const { data } = await axios.get(${quote(CHECK_URL)}, { httpAgent: agent, httpsAgent: agent, proxy: false });`,
            'console.log(data);',
          ].join('\n')
        : [
            '// npm install axios',
            "import axios from 'axios';",
            '',
            `const { data } = await axios.get(${quote(CHECK_URL)}, {`,
            '  proxy: {',
            "    protocol: 'http',",
            `    host: ${quote(values.host)},`,
            `    port: ${/^\d+$/.test(values.httpPort) ? values.httpPort : quote(values.httpPort)},`,
            `    auth: { username: ${quote(values.username)}, password: ${quote(values.password)} },`,
            '  },',
            '});',
            'console.log(data);',
          ].join('\n');
    case 'php':
      return [
        '<?php',
        `$ch = curl_init(${phpQuote(CHECK_URL)});`,
        `curl_setopt($ch, CURLOPT_PROXY, ${phpQuote(`${bracket(values.host)}:${socks ? values.socksPort : values.httpPort}`)});`,
        `curl_setopt($ch, CURLOPT_PROXYTYPE, ${socks ? 'CURLPROXY_SOCKS5_HOSTNAME' : 'CURLPROXY_HTTP'});`,
        `curl_setopt($ch, CURLOPT_PROXYUSERPWD, ${phpQuote(`${values.username}:${values.password}`)});`,
        'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
        'curl_setopt($ch, CURLOPT_TIMEOUT, 30);',
        '$body = curl_exec($ch);',
        'if ($body === false) { die(curl_error($ch)); }',
        'echo $body;',
        'curl_close($ch);',
      ].join('\n');
    case 'go':
      return goProgram(
        socks
          ? [
              '\t// Go resolves socks5:// names at the proxy, like socks5h elsewhere.',
              `\tproxyURL, _ := url.Parse(${quote(proxyUrl(values, 'socks5'))})`,
            ]
          : [`\tproxyURL, _ := url.Parse(${quote(url)})`],
      );
  }
}

/** The Go program around the lines that set `proxyURL`. */
function goProgram(proxyLines: string[]) {
  return [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"net/url"',
    ')',
    '',
    'func main() {',
    ...proxyLines,
    '\tclient := &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(proxyURL)}}',
    `\tresp, err := client.Get(${quote(CHECK_URL)})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer resp.Body.Close()',
    '\tbody, _ := io.ReadAll(resp.Body)',
    '\tfmt.Println(string(body))',
    '}',
  ].join('\n');
}
