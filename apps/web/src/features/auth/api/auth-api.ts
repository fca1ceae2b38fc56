import { authRoutes, installationRoutes, lookupsRoutes, studentsRoutes, type CreateStudentBody, type DeviceInfo, type LoginBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client';

/** Device info sent with each sign-in (spec 000 §3). */
export function deviceInfo(): DeviceInfo {
  const ua = navigator.userAgent;
  return {
    name: ua.slice(0, 200),
    version: navigator.appVersion.slice(0, 100),
    layout: 'web',
    os: (navigator.platform || 'unknown').slice(0, 200),
    product: (navigator.product || 'browser').slice(0, 200),
    isMobile: /Mobi|Android/i.test(ua),
  };
}

export const login = (body: Omit<LoginBody, 'deviceInfo'>) =>
  callApi(authRoutes.login, { body: { ...body, deviceInfo: deviceInfo() } });

export const loginWithSessionId = (SessionID: string) =>
  callApi(authRoutes.loginWithSessionId, { body: { SessionID, deviceInfo: deviceInfo() } });

export const logout = (UserSessionID: string) => callApi(authRoutes.logout, { body: { UserSessionID } });

export const sendMailForOtp = (Email: string) => callApi(authRoutes.sendMailForOtp, { body: { Email } });

export const parentLogin = (body: { Email: string; otp: string; sessionId: string }) =>
  callApi(authRoutes.parentLogin, { body: { ...body, deviceInfo: deviceInfo() } });

export const createStudent = (body: CreateStudentBody) => callApi(authRoutes.createStudent, { body });

export const forgotPassword = (username: string) => callApi(authRoutes.forgotPassword, { body: { username } });

export const validateEmailOtp = (body: { passcode: string; secret: string }) =>
  callApi(authRoutes.validateEmailOtp, { body });

export const resetPassword = (body: { password: string; confirmPassword?: string; secret: string }) =>
  callApi(authRoutes.resetPassword, { body });

export const listInstituteDepartments = () => callApi(lookupsRoutes.instituteDepartments, { body: {} });

/** The signed-in user's own password; `token` is the sign-in that must change it before it is stored. */
export const changeOwnPassword = (body: { currentPassword: string; password: string }, token: string) =>
  callApi(studentsRoutes.changePassword, { body, token });

/** Whether demo accounts with the published password can sign in here (the sign-in page warns). */
export const getSignInNotice = () => callApi(installationRoutes.signInNotice);
