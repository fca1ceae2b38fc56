import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  GenerateOtp2BodySchema,
  GenerateOtp2ResultSchema,
  ParentInfoSchema,
  ProfileInfoSchema,
  RegisterResultSchema,
  StudentProfileBodySchema,
  UpdateParentInfoBodySchema,
  UserInfoSchema,
} from './profile.schemas.js';

export const profileRoutes = {
  getInfo: defineRoute({
    method: 'GET',
    path: '/profile/v1/getInfo',
    access: 'user',
    summary: 'Profile picture, institution logo and welcome message (sanitised HTML), permissions',
    response: ProfileInfoSchema,
  }),
  getUserInfo: defineRoute({
    method: 'GET',
    path: '/user/v1/getUserInfo',
    access: 'user',
    summary: "The signed-in user's profile",
    response: UserInfoSchema,
  }),
  updateUserInfo: defineRoute({
    method: 'PUT',
    path: '/user/v1/updateUserInfo',
    access: STUDENT_ROLES,
    summary: 'Update the student profile (DOB as DD-MM-YYYY; ids checked against the lookups)',
    body: StudentProfileBodySchema,
    response: UserInfoSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/user/v1/register',
    access: STUDENT_ROLES,
    summary: 'Registration, Students Info: complete the student profile',
    body: StudentProfileBodySchema,
    response: RegisterResultSchema,
  }),
  getParentInfo: defineRoute({
    method: 'GET',
    path: '/user/v1/getParentInfo',
    access: STUDENT_ROLES,
    summary: "The student's parent details",
    response: ParentInfoSchema,
  }),
  updateParentInfo: defineRoute({
    method: 'POST',
    path: '/user/v1/updateParentInfo',
    access: STUDENT_ROLES,
    summary: "Save the parent details; the code sent to the parent's phone confirms it",
    body: UpdateParentInfoBodySchema,
    response: ParentInfoSchema,
  }),
  generateOtp2: defineRoute({
    method: 'POST',
    path: '/user/v1/generateOtp2',
    access: STUDENT_ROLES,
    summary: "Send a six-digit code to the parent's phone",
    body: GenerateOtp2BodySchema,
    response: GenerateOtp2ResultSchema,
  }),
};
