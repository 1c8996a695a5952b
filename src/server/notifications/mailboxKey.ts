/**
 * The mailbox an address delivers to, as a key for per-mailbox limits and duplicate detection (the
 * email is still sent to the address as typed). Hand-written: the rules are few and each needs a reason
 * (the `normalize-email` package also rewrites Outlook and Yahoo addresses by rules we cannot verify).
 *
 * - Lower-cased whole: RFC 5321 lets the local part be case-sensitive, but no mainstream provider is.
 * - `+tag` removed for every domain: subaddressing (RFC 5233) with "+" is how Gmail, Outlook, iCloud,
 *   Fastmail, Proton and Postfix/Dovecot defaults deliver `a+x@` to `a@`; an address that really uses
 *   "+" for another mailbox is rare, and the cost of a false match is only a shared limit.
 * - Gmail ignores dots in the local part and googlemail.com is gmail.com
 *   (https://support.google.com/mail/answer/7436150).
 */
export function mailboxKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}
