export const BOTH_FIELDS_MESSAGE = 'Both Email and Lead Time must be filled out together.';

/**
 * Seed rule: email and lead time go together. Returns the alert text when exactly one is filled in,
 * 'empty' when neither is (nothing to send), or null when both are present.
 */
export function notificationFieldsProblem(email: string, leadTime: string): string | 'empty' | null {
  const hasEmail = email.trim() !== '';
  const hasLeadTime = leadTime.trim() !== '';
  if (hasEmail !== hasLeadTime) return BOTH_FIELDS_MESSAGE;
  return hasEmail ? null : 'empty';
}
