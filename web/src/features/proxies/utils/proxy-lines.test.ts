import { describe, expect, it } from 'vitest';
import { parseProxyLine, proxyListCsv, proxyUrl } from './proxy-lines.ts';

const endpoint = { host: 'proxy.tollgate.local', port: 8080, username: 'cust-country-us', password: 'p4ss' };

describe('parseProxyLine', () => {
  it('reads each list format back into host, port, username and password', () => {
    expect(parseProxyLine('proxy.tollgate.local:8080:cust-country-us:p4ss', 'host:port:user:pass')).toEqual(endpoint);
    expect(parseProxyLine('cust-country-us:p4ss@proxy.tollgate.local:8080', 'user:pass@host:port')).toEqual(endpoint);
    expect(parseProxyLine('http://cust-country-us:p4ss@proxy.tollgate.local:8080', 'url')).toEqual(endpoint);
    expect(parseProxyLine('socks5://cust-country-us:p4ss@proxy.tollgate.local:1080', 'url')).toEqual({
      ...endpoint,
      port: 1080,
    });
  });

  it('keeps IPv6 hosts and passwords holding a colon intact', () => {
    expect(parseProxyLine('[2001:db8::1]:8080:user:pa:ss', 'host:port:user:pass')).toEqual({
      host: '2001:db8::1',
      port: 8080,
      username: 'user',
      password: 'pa:ss',
    });
    expect(parseProxyLine('http://user:p%40ss@[2001:db8::1]:8080', 'url')).toEqual({
      host: '2001:db8::1',
      port: 8080,
      username: 'user',
      password: 'p@ss',
    });
  });

  it('refuses lines that are not in the format', () => {
    expect(parseProxyLine('proxy.tollgate.local:8080', 'host:port:user:pass')).toBeNull();
    expect(parseProxyLine('proxy.tollgate.local:http:user:pass', 'host:port:user:pass')).toBeNull();
    expect(parseProxyLine('user:pass@host', 'user:pass@host:port')).toBeNull();
    expect(parseProxyLine('user:pass@host:8080', 'url')).toBeNull();
  });
});

describe('proxyListCsv', () => {
  it('writes host,port,username,password rows', () => {
    expect(proxyListCsv(['h:1:u1:p1', 'h:2:u2:p2'], 'host:port:user:pass')).toBe(
      'host,port,username,password\r\nh,1,u1,p1\r\nh,2,u2,p2\r\n',
    );
  });
});

describe('proxyUrl', () => {
  it('percent-encodes credentials and brackets IPv6 hosts', () => {
    expect(proxyUrl({ host: '2001:db8::1', port: 1080, username: 'u', password: 'p@ss' }, 'socks5h')).toBe(
      'socks5h://u:p%40ss@[2001:db8::1]:1080',
    );
  });
});
