import { describe, expect, it } from 'vitest';
import { emailField, idField, MAX_ID, otpField, passwordField, phoneField, urlField, usernameField } from './validation.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('shared field rules', () => {
  it('bounds ids to what a database integer holds', () => {
    expect(idField.safeParse(MAX_ID).success).toBe(true);
    expect(idField.safeParse(String(MAX_ID)).success).toBe(true);
    for (const bad of [MAX_ID + 1, 2 ** 53, '99999999999', 0, -1, 1.5, 'abc']) {
      expect(firstMessage(idField.safeParse(bad)), String(bad)).toBe('idOutOfRange');
    }
  });

  it('accepts http, https and ftp links only', () => {
    expect(urlField.safeParse('https://ncert.nic.in/textbook.php').success).toBe(true);
    expect(urlField.safeParse('ftp://files.example.org/a.pdf').success).toBe(true);
    expect(firstMessage(urlField.safeParse('mailto:someone@example.com'))).toBe('invalidUrl');
    expect(firstMessage(urlField.safeParse('javascript:alert(1)'))).toBe('invalidUrl');
    expect(firstMessage(urlField.safeParse('not a url'))).toBe('invalidUrl');
  });

  it('applies the login rules with the spec messages', () => {
    expect(firstMessage(usernameField.safeParse('ab'))).toBe('usernameRequired');
    expect(firstMessage(passwordField.safeParse(''))).toBe('passwordRequired');
    expect(firstMessage(passwordField.safeParse('abc'))).toBe('passwordTooShort');
    expect(passwordField.safeParse('abcd').success).toBe(true);
  });

  it('checks e-mail, phone and OTP', () => {
    expect(firstMessage(emailField.safeParse(''))).toBe('emailRequired');
    expect(firstMessage(emailField.safeParse('nope'))).toBe('emailInvalid');
    expect(firstMessage(phoneField.safeParse('12345'))).toBe('phoneInvalid');
    expect(phoneField.safeParse('+91 9876543210').success).toBe(true);
    expect(firstMessage(otpField.safeParse('12345'))).toBe('otpLength');
    expect(otpField.safeParse('123456').success).toBe(true);
  });
});
