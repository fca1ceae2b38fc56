import {
  MESSAGES,
  RoleSchema,
  isStaffRole,
  type Language,
  type MessageKey,
  type ParentInfo,
  type PermissionTab,
  type ProfileInfo,
  type RegisterResult,
  type StudentProfileInput,
  type UpdateParentInfoBody,
  type UserInfo,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { dobToIso, isoToDob, isPastDob } from '../../lib/dob.js';
import { AppError, notFound } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/html-sanitizer.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { ParentInfoRow, ProfileRepository, ProfileUserRow } from './profile.repository.js';

export interface ProfileServiceDeps {
  repo: ProfileRepository;
  clock: Clock;
  lookups: Pick<LookupsService, 'checkProfileReferences' | 'findInstitute'>;
  auth: Pick<AuthService, 'sendParentPhoneCode' | 'verifyParentPhoneCode' | 'ensureParentLink'>;
  permissionsFor: (actor: Actor) => PermissionTab[];
}

/** A 400 naming every field that is wrong, its message the first one's. */
function invalidFields(fields: Record<string, MessageKey>): AppError {
  const first = Object.values(fields)[0] ?? 'badRequest';
  return new AppError({ code: 'VALIDATION_FAILED', http: 400, message: MESSAGES[first] }, { fields });
}

function toUserInfo(user: ProfileUserRow): UserInfo {
  return {
    id: user.id,
    userName: user.username,
    userTypeName: RoleSchema.parse(user.role),
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    DOB: isoToDob(user.dob),
    email: user.email,
    mobile: user.phone,
    city: user.city,
    address: user.address,
    state: user.stateId,
    languageId: user.languageId,
    interestedCourse: user.interestedCourseIds,
    classID: user.classId,
    instituteID: user.instituteId,
    sectionID: user.sectionId,
    photoURL: user.photoUrl,
  };
}

function toParentInfo(row: ParentInfoRow | undefined): ParentInfo {
  return {
    parentName: row?.parentName ?? null,
    guardian1: row?.guardian1 ?? null,
    guardian2: row?.guardian2 ?? null,
    email: row?.email ?? null,
    phone: row?.phone ?? null,
    phoneVerified: Boolean(row?.phoneVerifiedAt),
  };
}

export function createProfileService(deps: ProfileServiceDeps) {
  const { repo, clock, lookups, auth } = deps;

  async function userOf(actor: Actor): Promise<ProfileUserRow> {
    const user = await repo.findUser(actor.userId);
    if (!user) throw notFound();
    return user;
  }

  /**
   * Where the student belongs (institute, class, section) is the institute's to set once it is
   * set: a student placed by staff (or already placed at registration) keeps it, and a form that
   * changes it names each changed field. A student with no institute yet (self-registration) may
   * choose one of its own client's institutes; that choice is audited with the save.
   */
  async function checkPlacement(user: ProfileUserRow, input: StudentProfileInput): Promise<{ problems: Record<string, MessageKey>; chosen: boolean }> {
    const problems: Record<string, MessageKey> = {};
    if (user.instituteId !== null) {
      if (input.instituteID !== user.instituteId) problems.instituteID = 'placementLocked';
      if (input.classID !== user.classId) problems.classID = 'placementLocked';
      if (input.sectionID !== user.sectionId) problems.sectionID = 'placementLocked';
      return { problems, chosen: false };
    }
    if (input.instituteID === null) return { problems, chosen: false };
    const institute = await lookups.findInstitute(input.instituteID);
    if (institute && institute.clientId !== user.clientId) problems.instituteID = 'instituteInvalid';
    return { problems, chosen: true };
  }

  /** Checks the whole form against the account and the lookups, then saves it. */
  async function saveStudentProfile(actor: Actor, input: StudentProfileInput, extra: { registeredAt?: Date } = {}) {
    const user = await userOf(actor);
    const now = clock.now();
    const problems: Record<string, MessageKey> = {};
    if (!isPastDob(input.DOB, now)) problems.DOB = 'dobNotPast';
    // The e-mail is the sign-in name and was verified; the form shows it disabled.
    if (input.email.toLowerCase() !== (user.email ?? '').toLowerCase()) problems.email = 'emailLocked';
    if (await repo.phoneTakenByOther(input.mobile, user.id)) problems.mobile = 'mobileTaken';
    const placement = await checkPlacement(user, input);
    Object.assign(problems, await lookups.checkProfileReferences(input), placement.problems);
    if (Object.keys(problems).length) throw invalidFields(problems);
    const chosen = { instituteId: input.instituteID, classId: input.classID, sectionId: input.sectionID };
    const audited = placement.chosen
      ? {
          actor,
          entry: {
            action: 'profile.choosePlacement',
            targetType: 'user',
            targetId: user.id,
            targetUserId: user.id,
            instituteId: input.instituteID,
            before: { instituteId: user.instituteId, classId: user.classId, sectionId: user.sectionId },
            after: chosen,
          },
        }
      : undefined;
    return repo.updateProfile(user.id, {
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      dob: dobToIso(input.DOB),
      phone: input.mobile,
      city: input.city,
      address: input.address,
      stateId: input.state,
      languageId: input.languageId,
      interestedCourseIds: [...new Set(input.interestedCourse)],
      instituteId: input.instituteID,
      classId: input.classID,
      sectionId: input.sectionID,
      updatedAt: now,
      ...(extra.registeredAt ? { registeredAt: extra.registeredAt } : {}),
    }, audited);
  }

  return {
    async getInfo(actor: Actor): Promise<ProfileInfo> {
      const user = await userOf(actor);
      const institute = user.instituteId ? await lookups.findInstitute(user.instituteId) : undefined;
      return {
        Details: {
          ProfilePicture: user.photoUrl,
          InstitutionLogo: institute?.logoUrl ?? null,
          InstitutionWelComeMsg: institute?.welcomeMessage ? sanitizeHtml(institute.welcomeMessage) : null,
          permissions: isStaffRole(user.role) ? deps.permissionsFor(actor) : [],
        },
      };
    },

    async getUserInfo(actor: Actor): Promise<UserInfo> {
      return toUserInfo(await userOf(actor));
    },

    async updateUserInfo(actor: Actor, input: StudentProfileInput): Promise<UserInfo> {
      return toUserInfo(await saveStudentProfile(actor, input));
    },

    async register(actor: Actor, input: StudentProfileInput): Promise<RegisterResult> {
      const saved = await saveStudentProfile(actor, input, { registeredAt: clock.now() });
      return { body: { id: saved.id } };
    },

    async getParentInfo(actor: Actor): Promise<ParentInfo> {
      return toParentInfo(await repo.findParentInfo(actor.userId));
    },

    async generateOtp2(actor: Actor, mobile: string, language: Language) {
      return auth.sendParentPhoneCode(actor, mobile, language);
    },

    /** Saves the parent details once the code sent to the parent's phone is confirmed. */
    async updateParentInfo(actor: Actor, input: UpdateParentInfoBody): Promise<ParentInfo> {
      const user = await userOf(actor);
      if (input.email.toLowerCase() === (user.email ?? '').toLowerCase()) throw invalidFields({ email: 'emailInvalid' });
      await auth.verifyParentPhoneCode(actor, input.phone, input.otp);
      const now = clock.now();
      const saved = await repo.upsertParentInfo({
        studentUserId: user.id,
        parentName: input.parentName,
        guardian1: input.guardian1,
        guardian2: input.guardian2,
        email: input.email.toLowerCase(),
        phone: input.phone,
        phoneVerifiedAt: now,
        updatedAt: now,
      });
      await auth.ensureParentLink({ email: input.email, parentName: input.parentName, studentUserId: user.id });
      return toParentInfo(saved);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
