import { describe, expect, it } from 'vitest';
import { canonicalIp } from './ip-address';

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
