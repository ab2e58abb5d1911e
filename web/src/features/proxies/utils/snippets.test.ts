import { describe, expect, it } from 'vitest';
import { buildSnippet, SNIPPET_LANGUAGES } from './snippets.ts';

const endpoint = { host: 'proxy.tollgate.local', port: 8080, username: 'cust-session-a1', password: 'p4ss' };

describe('buildSnippet', () => {
  it('puts the proxy of the chosen port type into every language', () => {
    for (const language of SNIPPET_LANGUAGES) {
      expect(buildSnippet(language, endpoint, 'http')).toContain('proxy.tollgate.local:8080');
      expect(buildSnippet(language, { ...endpoint, port: 1080 }, 'socks5')).toContain('proxy.tollgate.local:1080');
    }
  });

  it('resolves names at the exit for SOCKS5', () => {
    expect(buildSnippet('curl', endpoint, 'socks5')).toBe(
      "curl -x 'socks5h://cust-session-a1:p4ss@proxy.tollgate.local:8080' 'https://api.ipify.org?format=json'",
    );
    expect(buildSnippet('node', endpoint, 'socks5')).toContain('SocksProxyAgent');
    expect(buildSnippet('node', endpoint, 'http')).toContain("new ProxyAgent('http://cust-session-a1:p4ss@");
    expect(buildSnippet('php', endpoint, 'socks5')).toContain('CURLPROXY_SOCKS5_HOSTNAME');
  });
});
