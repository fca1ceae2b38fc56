/**
 * The student dashboard's computation over many attempts: a student with 60 attempts of 180
 * questions, against 500 candidates' first attempts of each of 20 tasks. Prints p50 and p95 of
 * buildStudentDashboard (the database reads are two indexed selects, measured apart).
 * Run: npx tsx bench/student-dashboard.ts (from the repository root)
 */
import os from 'node:os';
import type { SummaryQuestion } from '../apps/server/src/db/schema/reports.js';
import { buildStudentDashboard } from '../apps/server/src/modules/reports/shared/reports.dashboard.js';
import type { SummaryRow } from '../apps/server/src/modules/reports/shared/reports.repository.js';

const TASKS = 20;
const ATTEMPTS = 60;
const CANDIDATES = 500;
const QUESTIONS = 180;
const SUBJECTS = ['Physics', 'Chemistry', 'Botany', 'Zoology'];
const STATUSES = ['correct', 'wrong', 'unanswered'];

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

function summary(attemptId: string, userId: number, taskId: number, isFirstAttempt: boolean): SummaryRow {
  const questions: SummaryQuestion[] = Array.from({ length: QUESTIONS }, (_, i) => {
    const status = STATUSES[Math.floor(random() * 3)]!;
    const section = SUBJECTS[Math.floor(i / (QUESTIONS / SUBJECTS.length))]!;
    return { mapId: taskId * 1000 + i, section, topics: [`${section} topic ${i % 12}`], status, marks: 4, negativeMarks: 1, marksAwarded: status === 'correct' ? 4 : status === 'wrong' ? -1 : 0, timeSpent: Math.floor(random() * 120) };
  });
  const count = (s: string) => questions.filter((q) => q.status === s).length;
  return {
    attemptId,
    userId,
    taskId,
    courseId: 1,
    testType: 'test',
    isFirstAttempt,
    scored: questions.reduce((sum, q) => sum + q.marksAwarded, 0),
    total: QUESTIONS * 4,
    correct: count('correct'),
    partial: 0,
    wrong: count('wrong'),
    skipped: count('unanswered'),
    pending: 0,
    negativeMarksLost: count('wrong'),
    timeSpent: 10_800,
    sections: [],
    questions,
    submittedAt: new Date(Date.UTC(2026, 0, 1) + attemptId.length * 1000),
    updatedAt: new Date(),
  };
}

const mine = Array.from({ length: ATTEMPTS }, (_, i) => summary(`me-${i}`, 1, (i % TASKS) + 1, i < TASKS));
const firstAttempts = [...mine.filter((s) => s.isFirstAttempt)];
for (let task = 1; task <= TASKS; task++) for (let user = 2; user <= CANDIDATES; user++) firstAttempts.push(summary(`c-${task}-${user}`, user, task, true));
const tasks = new Map(Array.from({ length: TASKS }, (_, i) => [i + 1, { name: `Mock ${i + 1}`, scoreVisible: true }]));

const times: number[] = [];
for (let run = 0; run < 40; run++) {
  const start = performance.now();
  buildStudentDashboard({ studentId: 1, mine, firstAttempts, tasks });
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
process.stdout.write(`student dashboard: ${ATTEMPTS} attempts, ${TASKS} tasks × ${CANDIDATES} candidates, ${QUESTIONS} questions\n`);
process.stdout.write(`min ${at(0)} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (target p95 < 150 ms); load average ${os.loadavg()[0]!.toFixed(2)}\n`);
