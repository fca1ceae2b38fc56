import { describe, expect, it } from 'vitest';
import { CreateStudentBodySchema, ParentLoginBodySchema, ResetPasswordBodySchema, isCalendarDate } from './auth.schemas.js';
import { StudentProfileBodySchema, UpdateParentInfoBodySchema } from '../profile/profile.schemas.js';

/** The first message per field, as the server and the forms show it. */
const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

describe('account form rules', () => {
  it('accepts only real DD-MM-YYYY dates', () => {
    expect(isCalendarDate('29-02-2008')).toBe(true);
    expect(isCalendarDate('29-02-2007')).toBe(false);
    expect(isCalendarDate('2008-02-29')).toBe(false);
    expect(isCalendarDate('01-13-2008')).toBe(false);
  });

  it('gives the catalogue keys of spec section 5', () => {
    const profile = StudentProfileBodySchema.safeParse({ firstName: '', lastName: '', DOB: '', email: 'x', mobile: '1', city: '', address: '', state: '', languageId: '' });
    expect(issues(profile)).toMatchObject({
      firstName: 'nameRequired',
      lastName: 'nameRequired',
      DOB: 'dobRequired',
      email: 'emailInvalid',
      mobile: 'phoneInvalid',
      city: 'cityRequired',
      address: 'addressRequired',
      state: 'stateRequired',
      languageId: 'languageRequired',
    });
    const parent = UpdateParentInfoBodySchema.safeParse({ parentName: '', guardian1: '', email: '', phone: '9876543210', otp: '12345' });
    expect(issues(parent)).toEqual({ parentName: 'parentNameRequired', guardian1: 'guardianRequired', email: 'emailRequired', otp: 'otpLength' });
    expect(issues(ParentLoginBodySchema.safeParse({ Email: 'a@b.co', otp: '', sessionId: 's' }))).toEqual({ otp: 'otpRequired' });
    expect(issues(ResetPasswordBodySchema.safeParse({ password: 'abcd', confirmPassword: 'abce', secret: 's' }))).toEqual({ confirmPassword: 'passwordsMustMatch' });
  });

  it('turns empty optional ids and e-mails into nothing', () => {
    const parsed = StudentProfileBodySchema.parse({
      firstName: 'A', lastName: 'B', DOB: '01-01-2008', email: 'a@b.co', mobile: '9876543210', city: 'Chennai', address: 'x', state: '3', languageId: 1, classID: '', sectionID: null,
    });
    expect(parsed).toMatchObject({ state: 3, classID: null, sectionID: null, instituteID: null, interestedCourse: [], middleName: null });
    const signup = CreateStudentBodySchema.safeParse({
      Name: 'A', Email: 'a@b.co', DOB: '01-01-2008', Mobile: '9876543210', CampusName: 'c', DepartmentName: 'd', DegreeName: 'g', YearOfPassing: '2025', parent1Email: '', password: 'abcd', otp: '123456', sessionId: 's',
    });
    expect(signup.success && signup.data.parent1Email).toBe(undefined);
    expect(signup.success && signup.data.YearOfPassing).toBe(2025);
  });
});
