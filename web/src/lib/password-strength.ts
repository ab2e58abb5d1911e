export type Strength = { score: 0 | 1 | 2 | 3 | 4; label: string };

const COMMON = /^(password|qwerty|letmein|welcome|admin|iloveyou|12345678|abc12345)/i;

/**
 * A rough guide for the sign-up and password forms. The server only enforces the length (8 to 128);
 * this nudges people towards long, mixed passwords.
 */
export function passwordStrength(password: string): Strength {
  if (password.length === 0) return { score: 0, label: '' };
  if (password.length < 8) return { score: 0, label: 'Too short' };
  let points = 0;
  if (password.length >= 12) points++;
  if (password.length >= 16) points++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) points++;
  if (/\d/.test(password)) points++;
  if (/[^A-Za-z0-9]/.test(password)) points++;
  if (COMMON.test(password) || /^(.)\1+$/.test(password)) points = 0;
  if (points <= 1) return { score: 1, label: 'Weak' };
  if (points === 2) return { score: 2, label: 'Fair' };
  if (points === 3) return { score: 3, label: 'Good' };
  return { score: 4, label: 'Strong' };
}
