import type { GroupFigures, InstitutionReport } from '@app/contracts';
import { roundMarks } from '../../grading/grading.scoring.js';

/** First attempts of one class and one test, aggregated in SQL. */
export interface ClassTestRow {
  classId: number | null;
  taskId: number;
  courseId: number;
  attempts: number;
  participants: number;
  sumPercentage: number;
  topPercentage: number;
}

export interface InstitutionInput {
  instituteName: string;
  rows: ClassTestRow[];
  /** Students per class (null: not in a class). */
  students: { classId: number | null; className: string | null; students: number }[];
  /** Distinct participants per class, per course and overall (grouping sets). */
  participants: { classId: number | null; courseId: number | null; byCourse: number; byClass: number; participants: number }[];
  subjects: { subject: string; questions: number; correct: number }[];
  taskNames: Map<number, string>;
  courseNames: Map<number, string>;
}

const pct = (part: number, whole: number) => (whole > 0 ? roundMarks((part / whole) * 100) : 0);

interface Sum {
  attempts: number;
  sum: number;
  top: number;
}
const emptySum = (): Sum => ({ attempts: 0, sum: 0, top: 0 });
function addRow(target: Sum, row: ClassTestRow): void {
  target.attempts += row.attempts;
  target.sum += row.sumPercentage;
  target.top = Math.max(target.top, row.topPercentage);
}

/** The staff reports' measures of a group: attempts, mean, top, participation. */
export function groupFigures(sum: Sum, participants: number, students: number): GroupFigures {
  return {
    attempts: sum.attempts,
    participants,
    students,
    participation: pct(participants, students),
    meanPercentage: sum.attempts ? roundMarks(sum.sum / sum.attempts) : 0,
    topPercentage: roundMarks(sum.top),
  };
}

export const subjectRows = (rows: InstitutionInput['subjects']) =>
  rows.map((r) => ({ subject: r.subject, questions: r.questions, correct: r.correct, accuracy: pct(r.correct, r.questions) }));

/** The institute's report from the aggregated rows: overall, per course, per class and per test. */
export function buildInstitutionReport(input: InstitutionInput): Omit<InstitutionReport, 'selectedClass' | 'selectedTest'> {
  const totalStudents = input.students.reduce((n, c) => n + c.students, 0);
  const overall = emptySum();
  const byCourse = new Map<number, Sum>();
  const byClass = new Map<number | null, Sum>();
  const byTask = new Map<number, Sum & { courseId: number; participants: number }>();
  for (const row of input.rows) {
    addRow(overall, row);
    const course = byCourse.get(row.courseId) ?? emptySum();
    addRow(course, row);
    byCourse.set(row.courseId, course);
    const cls = byClass.get(row.classId) ?? emptySum();
    addRow(cls, row);
    byClass.set(row.classId, cls);
    const task = byTask.get(row.taskId) ?? { ...emptySum(), courseId: row.courseId, participants: 0 };
    addRow(task, row);
    // A student is in one class, so a test's participants are the sum over its classes.
    task.participants += row.participants;
    byTask.set(row.taskId, task);
  }
  const overallParticipants = input.participants.find((p) => p.byCourse === 1 && p.byClass === 1)?.participants ?? 0;
  const courseParticipants = new Map(input.participants.filter((p) => p.byCourse === 1 && p.byClass === 0).map((p) => [p.courseId, p.participants]));
  const classParticipants = new Map(input.participants.filter((p) => p.byCourse === 0 && p.byClass === 1).map((p) => [p.classId, p.participants]));
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  return {
    instituteName: input.instituteName,
    overall: groupFigures(overall, overallParticipants, totalStudents),
    subjects: subjectRows(input.subjects),
    courses: [...byCourse]
      .map(([courseId, sum]) => ({ courseId, courseName: input.courseNames.get(courseId) ?? '', ...groupFigures(sum, courseParticipants.get(courseId) ?? 0, totalStudents) }))
      .sort((a, b) => byName(a.courseName, b.courseName)),
    classes: input.students
      .map((c) => ({ classId: c.classId, className: c.className ?? '', ...groupFigures(byClass.get(c.classId) ?? emptySum(), classParticipants.get(c.classId) ?? 0, c.students) }))
      .sort((a, b) => byName(a.className, b.className)),
    tests: [...byTask]
      .map(([taskId, sum]) => ({
        taskId,
        taskName: input.taskNames.get(taskId) ?? '',
        courseId: sum.courseId,
        courseName: input.courseNames.get(sum.courseId) ?? '',
        ...groupFigures(sum, sum.participants, totalStudents),
      }))
      .sort((a, b) => byName(a.taskName, b.taskName)),
  };
}
