import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { parseTrustProxy } from './rateLimitOptions.js';

describe('TRUST_PROXY', () => {
  it('unset trusts nobody; a hop count trusts that many peers from the socket', () => {
    expect(parseTrustProxy(undefined)).toEqual({ trustProxy: false });
    const parsed = parseTrustProxy('2');
    if (!('trustProxy' in parsed) || typeof parsed.trustProxy !== 'function') throw new Error('expected a function');
    expect([0, 1, 2].map((hop) => (parsed.trustProxy as (a: string, h: number) => boolean)('10.0.0.1', hop))).toEqual([true, true, false]);
  });
  it('takes addresses, CIDR ranges and proxy-addr names', () => {
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual({ trustProxy: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'] });
  });
  it('refuses what it cannot read, naming it, at start', () => {
    expect(parseTrustProxy('true')).toMatchObject({ error: expect.stringContaining('"true"') });
    expect(parseTrustProxy('10.0.0.0/33')).toMatchObject({ error: expect.stringContaining('"10.0.0.0/33"') });
    expect(parseTrustProxy('0')).toMatchObject({ error: expect.stringContaining('1 to 10') });
    expect(() => loadConfig({ TRUST_PROXY: 'balancer' })).toThrow(/TRUST_PROXY.*"balancer"/);
  });
});
