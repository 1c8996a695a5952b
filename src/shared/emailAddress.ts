import { z } from 'zod';

/** RFC 5321 §4.5.3.1: local part at most 64 octets, domain at most 255, a whole path at most 256 (254 for the address between its brackets). */
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_DOMAIN_MAX = 255;
export const EMAIL_MAX = 254;

/** Why an address breaks the RFC 5321 size limits, or null. Counts UTF-8 octets, as SMTP does. */
export function emailLengthProblem(address: string): string | null {
  const at = address.lastIndexOf('@');
  const octets = (s: string) => new TextEncoder().encode(s).length;
  const local = at < 0 ? address : address.slice(0, at);
  const domain = at < 0 ? '' : address.slice(at + 1);
  if (octets(local) > EMAIL_LOCAL_MAX) return `the part before @ is ${octets(local)} characters; mail servers take at most ${EMAIL_LOCAL_MAX} (RFC 5321)`;
  if (octets(domain) > EMAIL_DOMAIN_MAX) return `the domain is ${octets(domain)} characters; at most ${EMAIL_DOMAIN_MAX} (RFC 5321)`;
  if (octets(address) > EMAIL_MAX) return `the address is ${octets(address)} characters; at most ${EMAIL_MAX} (RFC 5321)`;
  return null;
}

/** An email address in the form zod checks, within the RFC 5321 size limits. */
export const emailAddressSchema = z
  .string()
  .max(1000, 'the address is far longer than any mail server accepts (at most 254 characters)')
  .superRefine((value, ctx) => {
    const problem = emailLengthProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .pipe(z.email());
