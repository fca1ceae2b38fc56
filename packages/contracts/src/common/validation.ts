import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from './constants.js';
import type { MessageKey } from './message-key.js';

/**
 * Field rules shared by server and client. Messages are catalogue keys; the server and the
 * client each translate them into the request's or the user's language.
 */
export const PHONE_PATTERN = /^(\+?\d{1,3}[- ]?)?\d{10}$/;

export const msg = (key: MessageKey) => ({ message: key });

export const usernameField = z.string(msg('usernameRequired')).trim().min(USERNAME_MIN_LENGTH, msg('usernameRequired'));
export const passwordField = z
  .string(msg('passwordRequired'))
  .min(1, msg('passwordRequired'))
  .min(PASSWORD_MIN_LENGTH, msg('passwordTooShort'));
export const emailField = z.string(msg('emailRequired')).trim().min(1, msg('emailRequired')).email(msg('emailInvalid'));
export const otpField = z.string(msg('otpRequired')).trim().min(1, msg('otpRequired')).length(OTP_LENGTH, msg('otpLength'));
export const phoneField = z.string(msg('mobileRequired')).trim().min(1, msg('mobileRequired')).regex(PHONE_PATTERN, msg('phoneInvalid'));

/** The largest id a database `integer` column holds (2^31 − 1). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id, accepted from a query string as well. */
export const idField = z.coerce.number(msg('idOutOfRange')).int(msg('idOutOfRange')).positive(msg('idOutOfRange')).max(MAX_ID, msg('idOutOfRange'));

/** http, https or ftp only (spec 000 §5, bookmark link). */
export const urlField = z
  .string(msg('invalidUrl'))
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return ['http:', 'https:', 'ftp:'].includes(url.protocol) && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, msg('invalidUrl'));
