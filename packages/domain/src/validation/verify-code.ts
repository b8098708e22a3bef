// The verify link carries the e-mail as base64 (docs/product.md §5); it is decoded before sending.
import { ACCOUNT_MESSAGES } from './account-messages';
import { ValidationError } from './validation-error';

const base64Pattern = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes a verify code (standard or URL-safe base64 of the e-mail); throws 'Invalid email!' otherwise. */
export function decodeVerifyCode(code: string): string {
  const trimmed = code.trim();
  if (!base64Pattern.test(trimmed)) throw new ValidationError([ACCOUNT_MESSAGES.invalidEmail], { code });
  const standard = trimmed.replace(/-/g, '+').replace(/_/g, '/');
  const padded = standard.padEnd(Math.ceil(standard.length / 4) * 4, '=');
  let email: string;
  try {
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    email = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError([ACCOUNT_MESSAGES.invalidEmail], { code });
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new ValidationError([ACCOUNT_MESSAGES.invalidEmail], { code });
  return email;
}

/** The code a verify link carries for `email` (the server builds links with it). */
export function encodeVerifyCode(email: string): string {
  const bytes = new TextEncoder().encode(email);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
