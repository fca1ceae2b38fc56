import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth/auth.routes.js';
import { lookupsModule } from './lookups/lookups.routes.js';
import { navigationModule } from './navigation/navigation.routes.js';
import { profileModule } from './profile/profile.routes.js';
import { bookmarksModule } from './bookmarks/bookmarks.routes.js';
import { calendarModule } from './calendar/calendar.routes.js';
import { notesModule } from './notes/notes.routes.js';
import { searchModule } from './search/search.routes.js';
import { todoModule } from './todo/todo.routes.js';
import { academyModule } from './academy/academy.routes.js';
import { examModule } from './exam/exam.routes.js';
import { gradingModule } from './grading/grading.routes.js';
import { proctoringModule } from './proctoring/proctoring.routes.js';
import { questionBankModule } from './question-bank/question-bank.routes.js';
import { reportsModule } from './reports/reports.routes.js';
import { omrModule } from './omr/omr.routes.js';
import { runnerModule } from './runner/runner.routes.js';
import { filesModule } from './files/files.routes.js';
import { jobsModule } from './jobs/jobs.routes.js';
import { rolesModule } from './roles/roles.routes.js';
import { auditModule } from './audit/audit.routes.js';
import { supportModule } from './support/support.routes.js';
import { studentsModule } from './students/students.routes.js';
import { schedulesModule } from './schedules/schedules.routes.js';
import { officeModule } from './office/office.routes.js';

/** Every API module, registered in this order under /api. Add a module here once. */
export const apiModules: FastifyPluginAsync[] = [authModule, lookupsModule, profileModule, navigationModule, notesModule, bookmarksModule, todoModule, calendarModule, searchModule, academyModule, questionBankModule, examModule, proctoringModule, gradingModule, reportsModule, runnerModule, filesModule, jobsModule, schedulesModule, studentsModule, rolesModule, auditModule, supportModule, omrModule, officeModule];
