import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_ERRORS,
  COMMON_ERRORS,
  RoleSchema,
  type ActiveTestDetails,
  type CreateLoginLinkBody,
  type CreateStudentInput,
  type CreateStudentResult,
  type DeviceInfo,
  type Language,
  type LoginLink,
  type LoginResult,
  type Permission,
  type Role,
  isPermission,
  tabOfPermission,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import type { StudentReach, StudentScope } from '../../lib/policy.js';
import type { Clock } from '../../lib/clock.js';
import { dobToIso, isPastDob } from '../../lib/dob.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SmsSender } from '../../lib/sms.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { canCreateLoginLink, canSeeAccount } from './auth.policy.js';
import { createAccounts } from './auth.accounts.js';
import { createCredentials } from './auth.credentials.js';
import { codeMail, parentPhoneSms } from './auth.mail.js';
import { isUniqueViolation, type AuthRepository, type UserRow } from './auth.repository.js';
import { OTP_PURPOSE, type OtpService } from './otp.service.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

export interface AuthServiceDeps {
  repo: AuthRepository;
  otp: OtpService;
  tokens: TokenSigner;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** The student's active test, when the exam engine knows one. */
  activeTestFor?: (userId: number) => Promise<ActiveTestDetails | null>;
  /** Whether a course exists (login links may open one). */
  courseExists?: (courseId: number) => Promise<boolean>;
  /** Live sessions remembered for a few seconds (see session-cache.ts). */
  sessionCache?: SessionCache;
  /** The process's password hasher (argon2id, at most PASSWORD_HASH_CONCURRENCY at once). */
  passwords: PasswordHasher;
  /** Where a mail that failed after the answer is reported. */
  log?: (text: string, error?: unknown) => void;
}

/** Failed sign-ins one account may have in LOGIN_FAILURE_WINDOW_MS before it must wait. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a sign-in link stays usable. */
export const LOGIN_LINK_TTL_MS = 24 * 60 * 60_000;
/**
 * Expired one-time codes, sign-in links and rate counters are deleted this long after they expired
 * (every rate window is far shorter, so no limit forgets a recent try).
 */
export const EXPIRED_AUTH_RECORDS_KEPT_MS = 24 * 60 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The role's actions in the client, narrowed to the user's own tabs (teacher_permissions) when the
 * user has any: menus and route checks read the same set (docs/decisions/011).
 */
export function effectivePermissions(rolePermissions: readonly string[], userTabs: readonly string[]): ReadonlySet<Permission> {
  const held = rolePermissions.filter(isPermission);
  return new Set(userTabs.length === 0 ? held : held.filter((permission) => userTabs.includes(tabOfPermission(permission))));
}

export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, otp, tokens, clock, mailer, sms } = deps;
  const sessionCache = deps.sessionCache ?? createSessionCache(0);
  const { passwords } = deps;
  // Mails sent after the answer (the reset code), kept until written so that a stop can wait for them.
  const mailing = new Set<Promise<void>>();
  function mailAfterAnswer(message: Parameters<Mailer['send']>[0]): void {
    const sending: Promise<void> = mailer
      .send(message)
      .catch((error: unknown) => (deps.log ?? console.error)('a password reset mail could not be sent', error))
      .finally(() => mailing.delete(sending));
    mailing.add(sending);
  }
  // An unknown user is checked against a hash of the same cost, so that timing does not tell.
  let dummyHash: Promise<string> | undefined;
  const dummyHashOf = () => (dummyHash ??= passwords.hash(randomBytes(24).toString('base64url')));

  async function startSession(user: UserRow, deviceInfo: DeviceInfo, courseId: number | null = null): Promise<LoginResult> {
    if (!user.isActive) throw new AppError(AUTH_ERRORS.AUTH_ACCOUNT_DISABLED);
    const role = RoleSchema.parse(user.role);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + tokens.ttlSeconds * 1000);
    const sessionId = await repo.createSession({ userId: user.id, expiresAt, deviceInfo });
    const token = await tokens.sign({ userId: user.id, sessionId, role, now });
    const activeTest = (await deps.activeTestFor?.(user.id)) ?? null;
    return {
      token,
      ClientID: user.clientId,
      userName: user.username,
      userTypeName: role,
      UserSessionID: sessionId,
      email: user.email,
      displayName: displayNameOf(user),
      photoURL: user.photoUrl,
      activeTestDetails: activeTest,
      CourseID: courseId ?? activeTest?.CourseID ?? null,
      TaskID: activeTest?.TaskID ?? null,
      ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
    };
  }

  /**
   * A Parent account for `email`, created when the address has no account yet, linked to the
   * student. An address that belongs to a non-parent account is never linked.
   */
  async function ensureParentLink(input: { email: string; parentName?: string | null; studentUserId: number }): Promise<boolean> {
    const email = input.email.trim().toLowerCase();
    let parent = await repo.findUserByEmail(email);
    if (!parent) {
      try {
        parent = await repo.createUser({
          username: email,
          email,
          role: 'Parent',
          firstName: input.parentName?.trim() ?? '',
          // Parents sign in with an e-mail code; this password is never handed out.
          passwordHash: await passwords.hash(randomBytes(24).toString('base64url')),
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        parent = await repo.findUserByEmail(email);
      }
    }
    if (!parent || parent.role !== 'Parent' || parent.id === input.studentUserId) return false;
    await repo.linkParent(parent.id, input.studentUserId);
    // A signed-in parent sees the new child at once, not after the session cache expires.
    sessionCache.forgetUser(parent.id);
    return true;
  }

  return {
    startSession,
    ensureParentLink,
    /** Password and session writes other modules ask for (students' links, resets and changes). */
    credentials: createCredentials({ repo, clock, passwords, sessionCache }),
    /** Account writes other modules ask for (roster, profile, first set-up, parent links; decision 093). */
    accounts: createAccounts({ repo, passwords }),

    /** Housekeeping: deletes the one-time codes, sign-in links and rate counters that are long expired. */
    purgeExpired() {
      return repo.purgeExpired(new Date(clock.now().getTime() - EXPIRED_AUTH_RECORDS_KEPT_MS));
    },

    async login(input: { username: string; password: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const user = await repo.findUserByLogin(input.username);
      const now = clock.now();
      const throttleKey = `login:${user ? user.id : input.username.trim().toLowerCase()}`;
      if ((await repo.countIn(throttleKey, now, LOGIN_FAILURE_WINDOW_MS)) >= LOGIN_FAILURES_PER_ACCOUNT) {
        throw new AppError(AUTH_ERRORS.AUTH_TOO_MANY_ATTEMPTS);
      }
      // An account without a password yet (a new roster student) is checked like an unknown user.
      const isValid = await passwords.verify(input.password, user?.passwordHash || (await dummyHashOf()));
      if (!user || !isValid) {
        await repo.hit(throttleKey, now, LOGIN_FAILURE_WINDOW_MS);
        throw new AppError(AUTH_ERRORS.AUTH_INVALID_CREDENTIALS);
      }
      await repo.clearCounter(throttleKey);
      // A scrypt hash, or an argon2id one weaker than today's, is replaced while the password is at hand.
      if (passwords.needsRehash(user.passwordHash)) await repo.setPassword(user.id, await passwords.hash(input.password), now);
      return startSession(user, input.deviceInfo);
    },

    async loginWithSessionId(input: { SessionID: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const link = await repo.useLoginLink(sha256(input.SessionID), clock.now());
      const user = link ? await repo.findUserById(link.userId) : undefined;
      if (!link || !user) throw new AppError(AUTH_ERRORS.AUTH_LOGIN_LINK_INVALID);
      return startSession(user, input.deviceInfo, link.courseId);
    },

    /** Staff hand a student in their scope a one-time sign-in URL; admins may also do so for non-admin staff (auth.policy.ts). */
    async createLoginLink(actor: Actor, input: CreateLoginLinkBody): Promise<LoginLink> {
      const scope = await repo.findUserScope(input.userId);
      const target = scope ? { ...scope, role: scope.role as Role } : undefined;
      if (!target || !canSeeAccount(actor, target)) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      if (!canCreateLoginLink(actor, target)) throw new AppError(AUTH_ERRORS.AUTH_LINK_TARGET_FORBIDDEN);
      if (input.CourseID !== undefined && deps.courseExists && !(await deps.courseExists(input.CourseID))) {
        throw new AppError(AUTH_ERRORS.AUTH_COURSE_INVALID, { fields: { CourseID: 'courseInvalid' } });
      }
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + LOGIN_LINK_TTL_MS);
      // Audited with who it is for, where it opens and when it expires; never the token itself.
      await repo.insertLoginLink(
        {
          tokenHash: sha256(token),
          userId: target.userId,
          courseId: input.CourseID ?? null,
          createdBy: actor.userId,
          createdAt: now,
          expiresAt,
        },
        (tx) =>
          recordAudit(tx, actor, {
            action: 'auth.createLoginLink',
            targetType: 'user',
            targetId: target.userId,
            targetUserId: target.userId,
            instituteId: target.instituteId,
            after: { expiresAt: expiresAt.toISOString(), courseId: input.CourseID ?? null },
          }),
      );
      return { SessionID: token, url: `/login?SessionID=${token}`, expiresAt: expiresAt.toISOString() };
    },

    async logout(actor: Actor, userSessionId: string): Promise<void> {
      // The body's id must be the caller's own session or another of the caller's sessions.
      if (/^[0-9a-f-]{36}$/i.test(userSessionId)) {
        await repo.revokeSession(userSessionId, actor.userId, clock.now());
        sessionCache.forgetSession(userSessionId);
      }
      await repo.revokeSession(actor.sessionId, actor.userId, clock.now());
      sessionCache.forgetSession(actor.sessionId);
    },

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
        if (parentEmail && parentEmail.toLowerCase() !== email) await ensureParentLink({ email: parentEmail, studentUserId: user.id });
      }
      return { id: user.id, userName: user.username };
    },

    async parentLogin(input: { Email: string; otp: string; sessionId: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const email = input.Email.trim().toLowerCase();
      await otp.verifyById({ id: input.sessionId, purpose: OTP_PURPOSE.email, code: input.otp, target: email });
      const user = await repo.findUserByEmail(email);
      if (!user || user.role !== 'Parent') throw new AppError(AUTH_ERRORS.AUTH_PARENT_LOGIN_FAILED);
      return startSession(user, input.deviceInfo);
    },

    /**
     * Mails a reset code when an account has this address. The answer is the same either way:
     * for an unknown address a code is stored that is never sent, so the secret behaves alike.
     * The answer does the same work for both (a lookup, a hashed code stored): the mail is sent
     * after it, so its time (tens of milliseconds to the outbox, more over SMTP) does not tell.
     */
    async forgotPassword(input: { username: string }, language: Language): Promise<{ otpSecret: string }> {
      const email = input.username.trim().toLowerCase();
      const user = await repo.findUserByEmail(email);
      const account = user && user.isActive ? user : undefined;
      const issued = await otp.issue({ purpose: OTP_PURPOSE.passwordReset, target: email, userId: account?.id ?? null });
      if (account) mailAfterAnswer(codeMail('passwordReset', account.email ?? email, issued.code, language));
      return { otpSecret: issued.id };
    },

    /** Resolves when the mails sent after their answers are written (tests; the stop of the process). */
    async mailsSent(): Promise<void> {
      while (mailing.size) await Promise.all([...mailing]);
    },

    async validateEmailOtp(input: { passcode: string; secret: string }): Promise<{ secret: string }> {
      const row = await otp.verifyById({ id: input.secret, purpose: OTP_PURPOSE.passwordReset, code: input.passcode });
      if (row.userId === null) throw new AppError(AUTH_ERRORS.AUTH_OTP_INVALID);
      const secret = await otp.issueSecret({ purpose: OTP_PURPOSE.resetGrant, target: row.target, userId: row.userId });
      return { secret };
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(input: { password: string; secret: string }): Promise<void> {
      const grant = await otp.useSecret(input.secret, OTP_PURPOSE.resetGrant);
      if (!grant || grant.userId === null) throw new AppError(AUTH_ERRORS.AUTH_RESET_SECRET_INVALID);
      const now = clock.now();
      await repo.setPassword(grant.userId, await passwords.hash(input.password), now);
      await repo.revokeAllSessions(grant.userId, now);
      sessionCache.forgetUser(grant.userId);
      await repo.clearCounter(`login:${grant.userId}`);
    },

    /** generateOtp2: a code to the parent's phone, checked by updateParentInfo. */
    async sendParentPhoneCode(actor: Actor, mobile: string, language: Language): Promise<{ expiresAt: string }> {
      const issued = await otp.issue({ purpose: OTP_PURPOSE.parentPhone, target: mobile.trim(), userId: actor.userId });
      await sms.send({ to: mobile.trim(), text: parentPhoneSms(issued.code, language) });
      return { expiresAt: issued.expiresAt.toISOString() };
    },

    async verifyParentPhoneCode(actor: Actor, phone: string, code: string): Promise<void> {
      await otp.verifyNewest({ purpose: OTP_PURPOSE.parentPhone, target: phone.trim(), userId: actor.userId, code });
    },

    /** Bearer token → actor; throws 401 with the spec's reasons. */
    async resolveToken(token: string): Promise<Actor> {
      const now = clock.now();
      const check = await tokens.verify(token, now);
      if (!check.ok) {
        throw new AppError(check.reason === 'expired' ? COMMON_ERRORS.AUTH_TOKEN_EXPIRED : COMMON_ERRORS.AUTH_TOKEN_INVALID);
      }
      const cached = sessionCache.get(check.payload.sid);
      if (cached && String(cached.userId) === check.payload.sub) return cached;
      const lookedUpAt = sessionCache.generation();
      const session = await repo.findLiveSession(check.payload.sid, now);
      if (!session || !session.isActive || String(session.userId) !== check.payload.sub) {
        throw new AppError(COMMON_ERRORS.AUTH_TOKEN_INVALID);
      }
      const actor: Actor = {
        userId: session.userId,
        role: session.role as Role,
        sessionId: session.sessionId,
        email: session.email,
        username: session.username,
        clientId: session.clientId,
        instituteId: session.instituteId,
        classId: session.classId,
        sectionId: session.sectionId,
        classes: session.classes,
        children: session.children,
        permissions: effectivePermissions(session.permissions, session.userTabs),
        ...(session.mustChangePassword ? { mustChangePassword: true } : {}),
      };
      sessionCache.set(actor, lookedUpAt);
      return actor;
    },

    /** Where a user belongs (institute, class, client), for the policies; undefined when unknown. */
    async scopeOf(userId: number): Promise<(StudentScope & { role: Role }) | undefined> {
      const row = await repo.findUserScope(userId);
      return row ? { ...row, role: row.role as Role } : undefined;
    },

    /** scopeOf for many users, by user id (unknown ids are left out). */
    async scopesOf(userIds: number[]): Promise<Map<number, StudentScope & { role: Role }>> {
      const rows = await repo.findUserScopes([...new Set(userIds)]);
      return new Map(rows.map((row) => [row.userId, { ...row, role: row.role as Role }]));
    },

    /** Cached sessions are asked again: a role's permissions or a user's classes changed. */
    forgetCachedSessions(userId?: number): void {
      if (userId === undefined) sessionCache.forgetAll();
      else sessionCache.forgetUser(userId);
    },

    /** Student accounts a staff reach covers, with display names (the live exam room's roster). */
    async studentsInReach(reach: StudentReach, limit: number): Promise<Array<{ id: number; displayName: string }>> {
      const rows = await repo.listStudentsInReach(reach, limit);
      return rows.map((row) => ({ id: row.id, displayName: displayNameOf(row) }));
    },

    /** Display names and usernames by user id (unknown ids are left out). */
    async userNames(userIds: number[]): Promise<Map<number, { displayName: string; username: string }>> {
      const rows = await repo.listUserNames([...new Set(userIds)]);
      return new Map(rows.map((row) => [row.id, { displayName: displayNameOf(row), username: row.username }]));
    },

    /** Display names by user id, for staff screens of other modules (unknown ids are left out). */
    async displayNames(userIds: number[]): Promise<Map<number, string>> {
      const rows = await repo.listUserNames([...new Set(userIds)]);
      return new Map(rows.map((row) => [row.id, displayNameOf(row)]));
    },

    /** The students a Parent account is linked to (for the parents' screens). */
    async childrenOf(actor: Actor): Promise<Array<{ id: number; username: string; displayName: string }>> {
      if (actor.role !== 'Parent') return [];
      const rows = await repo.listChildren(actor.userId);
      return rows.map((row) => ({ id: row.id, username: row.username, displayName: displayNameOf(row) }));
    },

    /** Whether the parent may see this student's data. */
    async isParentOf(actor: Actor, studentUserId: number): Promise<boolean> {
      if (actor.role !== 'Parent') return false;
      return (await repo.listChildren(actor.userId)).some((row) => row.id === studentUserId);
    },

    /** Whether `sessionId` is one of the user's sessions (ids that are not uuids never are). */
    async isOwnSession(actor: Actor, sessionId: string): Promise<boolean> {
      if (sessionId === actor.sessionId) return true;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return false;
      const session = await repo.findLiveSession(sessionId, clock.now());
      return session?.userId === actor.userId;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

