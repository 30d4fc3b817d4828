import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;

const commonPasswords = new Set((dictionary as Record<string, string[]>)['passwords-common'].map((word) => word.toLowerCase()));

/**
 * OWASP ASVS 5 password rules: at least 8 characters, up to 128, any characters, no composition rules, and not one
 * of the ~49,000 most common passwords. Returns the problem, or null for an acceptable password.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Your password must be at least ${PASSWORD_MIN} characters long.`;
  if (length > PASSWORD_MAX) return `Your password must be at most ${PASSWORD_MAX} characters long.`;
  if (commonPasswords.has(password.toLowerCase())) return 'This password is too common. Please choose a less common password.';
  return null;
}

/** Usernames show beside comments: 3 to 30 letters, digits, spaces, dots, hyphens or underscores, no edge spaces. */
export function usernameProblem(username: string): string | null {
  if (username !== username.trim()) return 'Your username cannot start or end with a space.';
  const length = [...username].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return `Your username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters long.`;
  if (!/^[\p{L}\p{N} ._-]+$/u.test(username)) return 'Your username may contain only letters, digits, spaces, dots, hyphens and underscores.';
  return null;
}

/** E-mail addresses are unique regardless of case and surrounding spaces. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A plausible address (one @, a dot in the domain, no spaces); the verification e-mail proves the rest. */
export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** Usernames are unique regardless of case. */
export const usernameKey = (username: string): string => username.toLowerCase();

/** An erased account's username is free again after this. */
export const USERNAME_GRACE_MS = 30 * 24 * 3600_000;
