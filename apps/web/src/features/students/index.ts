/** What app/ may mount from the students feature. */
export { StudentConfigScreen } from './components/student-config-screen';
export { ResetStudentPasswordScreen } from './components/reset-password-screen';
export { SetPasswordScreen } from './components/set-password-screen';
