import { describe, expect, it } from 'vitest';
import { emailAddressSchema, emailLengthProblem } from './emailAddress.js';

describe('RFC 5321 size limits on email addresses', () => {
  it('takes a 64-octet local part and refuses 65', () => {
    expect(emailLengthProblem(`${'a'.repeat(64)}@example.org`)).toBeNull();
    expect(emailLengthProblem(`${'a'.repeat(65)}@example.org`)).toMatch(/65 characters; mail servers take at most 64/);
    expect(emailAddressSchema.safeParse(`${'a'.repeat(65)}@example.org`).success).toBe(false);
    expect(emailAddressSchema.safeParse(`${'a'.repeat(64)}@example.org`).success).toBe(true);
  });
  it('refuses a whole address over 254 octets even with a short local part', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(61)}.org`; // 248 octets
    expect(domain).toHaveLength(248);
    expect(emailLengthProblem(`abcde@${domain}`)).toBeNull(); // 254 octets
    expect(emailLengthProblem(`abcdef@${domain}`)).toMatch(/address is 255 characters; at most 254/);
  });
  it('counts octets, not UTF-16 units', () => {
    expect(emailLengthProblem(`${'é'.repeat(33)}@example.org`)).toMatch(/66 characters/);
  });
});
