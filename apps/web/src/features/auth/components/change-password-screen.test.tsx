import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema } from './change-password-screen';
import { ParentLoginFormSchema } from './parent-login-form';

describe('password reset and parent login rules', () => {
  it('asks for matching passwords of at least 4 characters', () => {
    const mismatch = ChangePasswordSchema.safeParse({ password: 'abcd', confirmPassword: 'abce' });
    expect(mismatch.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['confirmPassword', 'passwordsMustMatch']]);
    const short = ChangePasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abc' });
    expect(short.error?.issues[0]?.message).toBe('passwordTooShort');
    expect(ChangePasswordSchema.safeParse({ password: 'abcd', confirmPassword: 'abcd' }).success).toBe(true);
  });

  it('wants a valid e-mail and a code of exactly 6 digits', () => {
    const result = ParentLoginFormSchema.safeParse({ Email: 'nope', otp: '123' });
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual(['emailInvalid', 'otpLength']);
    // The form shows the first problem of each field.
    const empty = ParentLoginFormSchema.safeParse({ Email: '', otp: '' }).error?.issues ?? [];
    const first = (field: string) => empty.find((issue) => issue.path[0] === field)?.message;
    expect([first('Email'), first('otp')]).toEqual(['emailRequired', 'otpRequired']);
  });
});

describe('translated messages', () => {
  it('shows "Passwords must match" in English and Tamil', async () => {
    const { default: i18n } = await import('i18next');
    expect(i18n.t('messages:passwordsMustMatch')).toBe('Passwords must match');
    await i18n.changeLanguage('tn');
    expect(i18n.t('messages:passwordsMustMatch')).toBe('கடவுச்சொற்கள் பொருந்த வேண்டும்');
    await i18n.changeLanguage('en');
  });
});
