import { defineStaffErrors } from '../common/staff-messages.js';

export const STUDENTS_ERRORS = defineStaffErrors({
  STUDENTS_USERNAME_TAKEN: { http: 409, message: 'studentUsernameTaken' },
  STUDENTS_EMAIL_TAKEN: { http: 409, message: 'studentEmailTaken' },
  STUDENTS_PHONE_TAKEN: { http: 409, message: 'studentPhoneTaken' },
  STUDENTS_ROLL_NUMBER_TAKEN: { http: 409, message: 'studentRollNumberTaken' },
  STUDENTS_CLASS_INVALID: { http: 400, message: 'classInvalid' },
  STUDENTS_SECTION_INVALID: { http: 400, message: 'sectionInvalid' },
  STUDENTS_INSTITUTE_INVALID: { http: 400, message: 'instituteInvalid' },
  STUDENTS_DOB_NOT_PAST: { http: 400, message: 'dobNotPast' },
  STUDENTS_PARENT_EMAIL_NOT_PARENT: { http: 409, message: 'studentParentEmailTaken' },
  STUDENTS_NO_CONTACT: { http: 422, message: 'studentNoContact' },
  STUDENTS_CSV_FILE_REQUIRED: { http: 400, message: 'studentCsvFileRequired' },
  STUDENTS_CSV_UNREADABLE: { http: 400, message: 'studentCsvUnreadable' },
  STUDENTS_CSV_EMPTY: { http: 400, message: 'studentCsvEmpty' },
  STUDENTS_CSV_TOO_MANY: { http: 413, message: 'studentCsvTooMany' },
  STUDENTS_CSV_INVALID: { http: 422, message: 'studentCsvInvalid' },
  STUDENTS_SET_PASSWORD_LINK_INVALID: { http: 400, message: 'setPasswordLinkInvalid' },
  STUDENTS_CURRENT_PASSWORD_WRONG: { http: 400, message: 'currentPasswordWrong' },
  STUDENTS_PASSWORD_CHANGE_REQUIRED: { http: 403, message: 'passwordChangeRequired' },
});
