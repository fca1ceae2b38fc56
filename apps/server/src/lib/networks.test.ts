import { describe, expect, it } from 'vitest';
import { isNetworkEntry, networkMatcher } from './networks.js';

describe('address lists', () => {
  it('accepts addresses, CIDR ranges and range names, and nothing else', () => {
    for (const entry of ['10.0.0.1', '10.20.0.0/16', '2001:db8::/32', '::1', 'loopback', 'uniquelocal']) expect(isNetworkEntry(entry), entry).toBe(true);
    for (const entry of ['', '10.0.0', '10.0.0.0/33', 'school', '10.0.0.0/8/1', 'fe80::/129']) expect(isNetworkEntry(entry), entry).toBe(false);
  });

  it('matches addresses inside the ranges, IPv4 written as IPv6 included', () => {
    const inSchool = networkMatcher(['203.0.113.0/24', '198.51.100.7', 'loopback']);
    expect(inSchool('203.0.113.200')).toBe(true);
    expect(inSchool('::ffff:203.0.113.9')).toBe(true);
    expect(inSchool('198.51.100.7')).toBe(true);
    expect(inSchool('198.51.100.8')).toBe(false);
    expect(inSchool('127.0.0.1')).toBe(true);
    expect(inSchool('::1')).toBe(true);
    expect(inSchool('192.0.2.1')).toBe(false);
    expect(inSchool('not an address')).toBe(false);
    expect(networkMatcher([])('203.0.113.1')).toBe(false);
  });
});
