import { createStudentsContext, type StudentsServiceDeps } from './students.context.js';
import { createStudentEdits } from './students.edit.js';
import { createRosterImport } from './students.import.js';
import { createImportJob } from './students.import-job.js';
import { createParentLinks } from './students.parents.js';
import { createStudentPasswords } from './students.passwords.js';
import { createStudentReads } from './students.read.js';

export type { StudentsServiceDeps } from './students.context.js';
export { STUDENT_IMPORT_JOB } from './students.import-job.js';

/**
 * Student Configuration, one operation file per job (decision 090): the roster read
 * (students.read.ts), one student's edits (students.edit.ts), parents (students.parents.ts),
 * passwords through auth (students.passwords.ts), the file check and import (students.import.ts)
 * and its `student-import` job (students.import-job.ts).
 */
export function createStudentsService(deps: StudentsServiceDeps) {
  const context = createStudentsContext(deps);
  const roster = createRosterImport(context);
  return {
    ...createStudentReads(context),
    ...createStudentEdits(context),
    ...createParentLinks(context),
    ...createStudentPasswords(context),
    previewCsv: roster.previewCsv,
    importNow: roster.importNow,
    ...createImportJob(context, roster),
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
