import { describe, expect, it } from 'vitest';
import { clientKey } from './clientKey.js';
import { mailboxKey } from './mailboxKey.js';

describe('mailboxKey', () => {
  it('keys an address on its mailbox: case, +tag, Gmail dots and googlemail.com', () => {
    expect(mailboxKey(' Ada.Lovelace+Landsat@Example.ORG ')).toBe('ada.lovelace@example.org');
    expect(mailboxKey('a.d.a+x+y@gmail.com')).toBe('ada@gmail.com');
    expect(mailboxKey('A.da@GoogleMail.com')).toBe('ada@gmail.com');
    // Dots matter outside Gmail; a leading "+" is not a tag.
    expect(mailboxKey('a.da@example.org')).not.toBe(mailboxKey('ada@example.org'));
    expect(mailboxKey('+ada@example.org')).toBe('+ada@example.org');
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses (also IPv4-mapped IPv6) and reduces IPv6 to its /64', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
