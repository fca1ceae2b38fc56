import type { StudentDashboard } from '@app/contracts';

/** The headline figures of a dashboard; null where there is nothing to show yet. */
export function headline(d: StudentDashboard) {
  if (d.attempts.length === 0) return null;
  const latest = d.attempts[d.attempts.length - 1]!;
  const average = d.attempts.reduce((sum, a) => sum + a.percentage, 0) / d.attempts.length;
  return {
    tests: d.attempts.length,
    averagePercentage: Math.round(average * 10) / 10,
    bestPercentile: Math.max(...d.attempts.map((a) => a.percentile)),
    latestRank: { rank: latest.rank, total: latest.candidates },
  };
}

/** One subject in depth: its figures and its topics, weakest first. */
export function subjectView(d: StudentDashboard, subject: string | null) {
  const chosen = d.subjects.find((s) => s.subject === subject) ?? d.subjects[0] ?? null;
  if (!chosen) return null;
  const topics = d.topics.filter((t) => t.subject === chosen.subject).sort((a, b) => a.accuracy - b.accuracy || a.topic.localeCompare(b.topic));
  return { subject: chosen, topics, weakest: d.weakestTopics.filter((w) => w.subject === chosen.subject) };
}
