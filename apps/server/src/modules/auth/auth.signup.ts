import { AUTH_ERRORS, type CreateStudentInput, type CreateStudentResult, type Language } from '@app/contracts';
import { dobToIso, isPastDob } from '../../lib/dob.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from './auth.context.js';
import { codeMail } from './auth.mail.js';
import { isUniqueViolation, type UserRow } from './auth.repository.js';
import { OTP_PURPOSE } from './otp.service.js';

/** A student's own sign-up: a code to the address, then the account (and its parents' links). */
export function createSignup(ctx: AuthContext) {
  const { repo, otp, clock, mailer, passwords } = ctx.deps;

  return {
    /** E-mails a code for the address (student signup, parent login); says nothing about accounts. */
    async sendMailForOtp(input: { Email: string }, language: Language): Promise<{ sessionId: string }> {
      const email = input.Email.trim().toLowerCase();
      const issued = await otp.issue({ purpose: OTP_PURPOSE.email, target: email });
      await mailer.send(codeMail('email', email, issued.code, language));
      return { sessionId: issued.id };
    },

    async createStudent(input: CreateStudentInput): Promise<CreateStudentResult> {
      const email = input.Email.trim().toLowerCase();
      if (!isPastDob(input.DOB, clock.now())) throw new AppError(AUTH_ERRORS.AUTH_DOB_NOT_PAST, { fields: { DOB: 'dobNotPast' } });
      // The code proves the address, and is used up by this attempt whatever its outcome, before
      // anything is said about the address: only its owner learns that it has an account.
      await otp.verifyById({ id: input.sessionId, purpose: OTP_PURPOSE.email, code: input.otp, target: email });
      if (await repo.findUserByUsernameOrEmail(email)) throw new AppError(AUTH_ERRORS.AUTH_EMAIL_TAKEN, { fields: { Email: 'emailTaken' } });
      // Whether the mobile number is someone else's is never said here (the requester has proved
      // the address, not the number): the account is made the same way either way, without the
      // number when it is taken. The student gives a number on the profile, where it is checked.
      const phone = (await repo.phoneTaken(input.Mobile)) ? null : input.Mobile;
      const passwordHash = await passwords.hash(input.password);
      const [firstName, ...rest] = input.Name.trim().split(/\s+/);
      const create = (mobile: string | null) =>
        repo.createStudentAccount(
          {
            username: email,
            email,
            phone: mobile,
            role: 'Student',
            firstName: firstName ?? '',
            lastName: rest.join(' '),
            dob: dobToIso(input.DOB),
            passwordHash,
            emailVerified: true,
          },
          {
            campusName: input.CampusName,
            departmentName: input.DepartmentName,
            degreeName: input.DegreeName,
            yearOfPassing: input.YearOfPassing,
            section: input.Section || null,
            rollNo: input.RollNo || null,
            parent1Email: input.parent1Email?.toLowerCase() ?? null,
            parent2Email: input.parent2Email?.toLowerCase() ?? null,
          },
        );
      let user: UserRow;
      try {
        user = await create(phone);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (phone === null || (await repo.findUserByUsernameOrEmail(email))) throw new AppError(AUTH_ERRORS.AUTH_EMAIL_TAKEN, { fields: { Email: 'emailTaken' } });
        // The number was taken by another sign-up meanwhile: the account goes without it, as above.
        user = await create(null);
      }
      for (const parentEmail of [input.parent1Email, input.parent2Email]) {
        if (parentEmail && parentEmail.toLowerCase() !== email) await ctx.ensureParentLink({ email: parentEmail, studentUserId: user.id });
      }
      return { id: user.id, userName: user.username };
    },
  };
}
