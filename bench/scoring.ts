/**
 * Scoring one 180-question attempt of mixed kinds through `scoreAnswer`, in memory (no database):
 * what the question-kind registry costs against the switch it replaced (bench/scoring-switch.ts),
 * timed in the same run, rounds alternating. Prints the time per attempt of each (median, min and
 * max over the rounds) and each side's checksum of the marks, which must be the same.
 *
 *   npx tsx bench/scoring.ts            (BENCH_ROUNDS, BENCH_ATTEMPTS change the rounds and attempts per round)
 */
import { performance } from 'node:perf_hooks';
import { scoreAnswer, type ScorableAnswer, type ScorableQuestion } from '../apps/server/src/modules/grading/grading.scoring.js';
import { scoreAnswerBySwitch } from './scoring-switch.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 2000);

/** A NEET-like paper with the other kinds mixed in: 180 questions. */
const MIX: Array<[ScorableQuestion['questionType'], number]> = [
  ['singleChoice', 120],
  ['multipleChoice', 20],
  ['text', 15],
  ['comprehensive', 8],
  ['image', 5],
  ['video', 4],
  ['programming', 2],
  ['xlsx', 2],
  ['docx', 2],
  ['pptx', 2],
];

function question(type: ScorableQuestion['questionType'], id: number): ScorableQuestion {
  const base = { questionID: id, questionType: type, marks: 4, negativeMarks: 1, allowsPartialCredit: id % 2 === 0, numericTolerance: null, correctAnswerId: null, correctAnswerData: null };
  if (type === 'multipleChoice') return { ...base, correctAnswerId: [1, 3] };
  if (type === 'text') return { ...base, numericTolerance: 0.01, correctAnswerData: [{ id: `${id}-0`, value: 'osmosis', alternatives: ['Osmosis'] }, { id: `${id}-1`, value: '3.14' }] };
  if (type === 'comprehensive') return { ...base, correctAnswerData: 'Water moves across a membrane.' };
  if (['singleChoice', 'image', 'video'].includes(type)) return { ...base, correctAnswerId: (id % 4) + 1 };
  return base;
}

/** The n-th student's answer: right, wrong, partly right or blank, by turns. */
function answer(q: ScorableQuestion, n: number): ScorableAnswer | undefined {
  const turn = (q.questionID + n) % 5;
  if (turn === 4) return undefined;
  const blank = { answerId: null, answerData: null, evaluatedFraction: null, teacherMarks: null };
  switch (q.questionType) {
    case 'multipleChoice':
      return { ...blank, answerId: turn === 0 ? [1, 3] : turn === 1 ? [1] : [2] };
    case 'text':
      return { ...blank, answerId: 'text', answerData: [{ id: `${q.questionID}-0`, value: turn === 2 ? 'diffusion' : ' OSMOSIS ' }, { id: `${q.questionID}-1`, value: turn === 0 ? '3.145' : '3' }] };
    case 'comprehensive':
      return { ...blank, answerId: 'text', answerData: 'Water moves.', teacherMarks: turn === 3 ? null : turn };
    case 'programming':
    case 'xlsx':
    case 'docx':
    case 'pptx':
      return { ...blank, answerId: 'done', answerData: { percentage: 50, unmatched: [] }, evaluatedFraction: turn === 3 ? null : turn / 3 };
    default:
      return { ...blank, answerId: turn === 0 ? q.correctAnswerId : ((q.questionID + 1) % 4) + 1 };
  }
}

const questions = MIX.flatMap(([type, count]) => Array.from({ length: count }, () => type)).map((type, i) => question(type, i + 1));
if (questions.length !== 180) throw new Error(`the paper has ${questions.length} questions`);
// Questions shuffled (deterministically) so that kinds alternate as in a real paper.
questions.sort((a, b) => ((a.questionID * 7919) % 180) - ((b.questionID * 7919) % 180));
const attempts = Array.from({ length: 50 }, (_, n) => questions.map((q) => answer(q, n)));

type Scorer = (question: ScorableQuestion, answer: ScorableAnswer | undefined) => { marksAwarded: number };

/** One round of ATTEMPTS attempts through `score`: µs per attempt, and the marks' checksum. */
function scoreRound(score: Scorer): { perAttempt: number; checksum: number } {
  let checksum = 0;
  const start = performance.now();
  for (let a = 0; a < ATTEMPTS; a++) {
    const answers = attempts[a % attempts.length]!;
    for (let i = 0; i < questions.length; i++) checksum += score(questions[i]!, answers[i]).marksAwarded;
  }
  return { perAttempt: ((performance.now() - start) * 1000) / ATTEMPTS, checksum };
}

const sides: Array<{ name: string; score: Scorer; times: number[]; checksum: number }> = [
  { name: 'registry', score: scoreAnswer, times: [], checksum: 0 },
  { name: 'switch  ', score: scoreAnswerBySwitch, times: [], checksum: 0 },
];
for (let i = 0; i < 3; i++) for (const side of sides) scoreRound(side.score); // warm-up: the JIT settles
// Rounds alternate between the two, so that the machine's ups and downs fall on both alike.
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const { perAttempt, checksum } = scoreRound(side.score);
    side.times.push(perAttempt);
    side.checksum = checksum;
  }
}
console.log(`scoring a 180-question attempt (${ROUNDS} rounds of ${ATTEMPTS} attempts each, alternating):`);
for (const side of sides) {
  const times = [...side.times].sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`  ${side.name} median ${median.toFixed(2)} µs, min ${times[0]!.toFixed(2)} µs, max ${times.at(-1)!.toFixed(2)} µs; checksum ${side.checksum.toFixed(2)}`);
}
if (sides[0]!.checksum !== sides[1]!.checksum) throw new Error('the registry and the switch give different marks');
