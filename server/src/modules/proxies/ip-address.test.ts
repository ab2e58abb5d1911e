import { describe, expect, it } from 'vitest';
import { canonicalIp, isPublicAddress } from './ip-address';

describe('canonicalIp', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::FFFF:c633:6404', '198.51.100.4'],
    ['fe80::ABCD', 'fe80::abcd'],
  ])('writes %s as %s', (input, canonical) => expect(canonicalIp(input)).toBe(canonical));

  it.each(['1.2.3', '::g', '256.0.0.1', '01.2.3.4', ' 1.2.3.4', 'fe80::1%eth0', '1.2.3.4/24', 'example.com', ''])(
    'refuses %j',
    (input) => expect(canonicalIp(input)).toBeNull(),
  );
});

describe('isPublicAddress', () => {
  it.each(['203.0.113.7', '8.8.8.8', '2001:4860:4860::8888', '100.128.0.1', '172.32.0.1'])('accepts %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
  it.each([
    '0.0.0.0',
    '255.255.255.255',
    '127.0.0.1',
    '10.0.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '192.168.0.1',
    '224.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'ff02::1',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
});
