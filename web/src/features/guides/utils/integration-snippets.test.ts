import { describe, expect, it } from 'vitest';
import { buildIntegrationSnippet, proxyUrl, SNIPPETS } from './integration-snippets.ts';

const values = {
  host: 'gw.example.net',
  httpPort: '8000',
  socksPort: '1080',
  username: 'tgabc123-country-us',
  password: "p@ss:w'rd",
};

describe('integration code samples', () => {
  it('percent-encodes credentials inside proxy URLs, so a password with @ or : still works', () => {
    expect(proxyUrl(values, 'http')).toBe("http://tgabc123-country-us:p%40ss%3Aw'rd@gw.example.net:8000");
    expect(proxyUrl({ ...values, host: '2001:db8::1' }, 'socks5h')).toBe(
      "socks5h://tgabc123-country-us:p%40ss%3Aw'rd@[2001:db8::1]:1080",
    );
  });

  it('quotes values for the shell and for PHP', () => {
    const curl = buildIntegrationSnippet('curl', values);
    expect(curl).toContain(`--proxy-user 'tgabc123-country-us:p@ss:w'\\''rd'`);
    expect(curl).toContain("--proxy 'http://gw.example.net:8000'");
    expect(buildIntegrationSnippet('php', values)).toContain(`CURLOPT_PROXYUSERPWD, 'tgabc123-country-us:p@ss:w\\'rd'`);
  });

  it('uses the SOCKS5 port with remote name resolution when asked', () => {
    expect(buildIntegrationSnippet('curl', values, true)).toContain('socks5h://');
    expect(buildIntegrationSnippet('python', values, true)).toContain('requests[socks]');
    expect(buildIntegrationSnippet('php', values, true)).toContain('CURLPROXY_SOCKS5_HOSTNAME');
    expect(buildIntegrationSnippet('php', values, true)).toContain("'gw.example.net:1080'");
    expect(buildIntegrationSnippet('go', values, true)).toContain('socks5://');
    expect(buildIntegrationSnippet('node-axios', values, true)).toContain('SocksProxyAgent');
  });

  it('writes every sample with the reader values and the check URL', () => {
    for (const id of SNIPPETS) {
      for (const socks of [false, true]) {
        const code = buildIntegrationSnippet(id, values, socks);
        expect(code, `${id} ${socks}`).toContain('gw.example.net');
        expect(code, `${id} ${socks}`).toContain('tgabc123-country-us');
        expect(code, `${id} ${socks}`).toContain('https://api.ipify.org?format=json');
      }
    }
    // axios takes the port as a number when it is one.
    expect(buildIntegrationSnippet('node-axios', values)).toContain('port: 8000,');
  });
});
