import type { PortType } from './labels.ts';
import { proxyUrl, type ProxyEndpoint } from './proxy-lines.ts';

export const SNIPPET_LANGUAGES = ['curl', 'python', 'node', 'php'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

export const SNIPPET_LABELS: Record<SnippetLanguage, string> = {
  curl: 'curl',
  python: 'Python requests',
  node: 'Node',
  php: 'PHP',
};

/** A page that answers with the caller's IP, so a snippet shows the exit it went through. */
export const TEST_URL = 'https://api.ipify.org?format=json';

/**
 * Ready-to-run code for one proxy. SOCKS5 uses the `socks5h` scheme where the tool knows it, so the
 * target's name is resolved at the exit (geo-targeted DNS, no leak from the caller's resolver).
 */
export function buildSnippet(language: SnippetLanguage, endpoint: ProxyEndpoint, portType: PortType): string {
  const http = portType === 'http';
  switch (language) {
    case 'curl':
      return `curl -x '${proxyUrl(endpoint, http ? 'http' : 'socks5h')}' '${TEST_URL}'`;
    case 'python': {
      const url = proxyUrl(endpoint, http ? 'http' : 'socks5h');
      return [
        ...(http ? [] : ['# pip install "requests[socks]"']),
        'import requests',
        '',
        `proxy = "${url}"`,
        'proxies = {"http": proxy, "https": proxy}',
        '',
        `response = requests.get("${TEST_URL}", proxies=proxies, timeout=30)`,
        'print(response.text)',
      ].join('\n');
    }
    case 'node':
      return http
        ? [
            '// npm install undici',
            "import { fetch, ProxyAgent } from 'undici';",
            '',
            `const dispatcher = new ProxyAgent('${proxyUrl(endpoint, 'http')}');`,
            `const response = await fetch('${TEST_URL}', { dispatcher });`,
            'console.log(await response.text());',
          ].join('\n')
        : [
            '// npm install node-fetch socks-proxy-agent',
            "import fetch from 'node-fetch';",
            "import { SocksProxyAgent } from 'socks-proxy-agent';",
            '',
            `const agent = new SocksProxyAgent('${proxyUrl(endpoint, 'socks5h')}');`,
            `const response = await fetch('${TEST_URL}', { agent });`,
            'console.log(await response.text());',
          ].join('\n');
    case 'php': {
      const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
      return [
        '<?php',
        `$ch = curl_init('${TEST_URL}');`,
        `curl_setopt($ch, CURLOPT_PROXY, '${host}:${endpoint.port}');`,
        `curl_setopt($ch, CURLOPT_PROXYTYPE, ${http ? 'CURLPROXY_HTTP' : 'CURLPROXY_SOCKS5_HOSTNAME'});`,
        `curl_setopt($ch, CURLOPT_PROXYUSERPWD, '${endpoint.username}:${endpoint.password}');`,
        'curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);',
        'echo curl_exec($ch);',
        'curl_close($ch);',
      ].join('\n');
    }
  }
}
