import type { ChallengeList, KeyDecision } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { ChallengesContext } from './challenges.context.js';
import { staffPlaceOf } from './challenges.policy.js';

/** The staff's view of a test's challenged questions. */
export function createChallengeReview(ctx: ChallengesContext) {
  const { deps } = ctx;
  const { repo } = deps;

  return {
    /** The challenged questions of a test, each with its item statistics, challenges and decisions. */
    async list(actor: Actor, query: { taskId: number }): Promise<ChallengeList> {
      const test = await ctx.staffTest(actor, query.taskId);
      const place = staffPlaceOf(actor);
      const [challenges, decisions, names] = await Promise.all([
        repo.challengesOfTest(place, query.taskId),
        repo.decisionsOfTest(place, query.taskId),
        deps.academy.taskNames([query.taskId]),
      ]);
      // The statistics are those of the students the caller reaches; none yet reads as no figures.
      const stats = await deps.statistics(actor, query.taskId).catch(() => null);
      const people = await deps.displayNames([...new Set([...challenges.map((c) => c.userId), ...decisions.flatMap((d) => (d.decidedBy ? [d.decidedBy] : []))])]);
      const mapIds = [...new Set([...challenges.map((c) => c.questionTaskMapId), ...decisions.map((d) => d.questionTaskMapId)])];
      const bundle = await ctx.withDrawn(test, mapIds);
      const shown = new Map(await Promise.all(challenges.map(async (c) => [c.id, await ctx.toChallenge(c)] as const)));
      const questions = mapIds.flatMap((mapId) => {
        const index = bundle.maps.findIndex((m) => m.mapId === mapId);
        if (index < 0) return [];
        const map = bundle.maps[index]!;
        const q = map.question;
        const item = stats?.items.find((i) => i.questionTaskMapID === mapId);
        const keys = new Set(Array.isArray(q.correctAnswerId) ? q.correctAnswerId : q.correctAnswerId === null ? [] : [q.correctAnswerId]);
        const own = challenges.filter((c) => c.questionTaskMapId === mapId);
        return [
          {
            questionTaskMapID: mapId,
            questionId: q.id,
            number: item?.number ?? index + 1,
            title: q.title,
            text: q.data,
            options: q.options.map((o) => ({ answerId: o.answerID, label: o.answerData, isKey: keys.has(o.answerID), alsoAccepted: q.acceptedAnswerIds.includes(o.answerID) })),
            award: q.award,
            stats: item
              ? {
                  attempts: item.attempts,
                  facility: item.facility,
                  discriminationIndex: item.discriminationIndex,
                  chosen: item.options.map((o) => ({ answerId: o.answerId, count: o.chosen })),
                }
              : null,
            openCount: own.filter((c) => c.status === 'open').length,
            challenges: own.map((c) => ({ ...shown.get(c.id)!, studentName: people.get(c.userId) ?? '' })),
            decisions: decisions
              .filter((d) => d.questionTaskMapId === mapId)
              .map((d) => ({
                id: d.id,
                decision: d.decision as KeyDecision,
                note: d.note,
                byName: (d.decidedBy ? people.get(d.decidedBy) : undefined) ?? '',
                at: d.createdAt.toISOString(),
                regradeId: d.regradeId,
                attemptsRegraded: d.attemptsRegraded,
              })),
          },
        ];
      });
      questions.sort((a, b) => b.openCount - a.openCount || a.number - b.number);
      return { taskId: query.taskId, testName: names.get(query.taskId)?.name ?? bundle.task.name, questions };
    },
  };
}
