import { notebookRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

export const notebookModule: FastifyPluginAsync = async (app) => {
  const { notebook, notebookReview, notebookRetest } = app.services;

  registerRoute(app, notebookRoutes.listCards, ({ actor, query }) => notebook.list(actor, query));
  registerRoute(app, notebookRoutes.updateCard, async ({ actor, body }) =>
    ok(await notebook.update(actor, body), 'notebookCardUpdated'),
  );
  registerRoute(app, notebookRoutes.addCard, async ({ actor, body }) =>
    ok(await notebook.add(actor, body), 'notebookCardAdded'),
  );
  registerRoute(app, notebookRoutes.removeCard, async ({ actor, body }) =>
    ok(await notebook.remove(actor, body), 'notebookCardRemoved'),
  );
  registerRoute(app, notebookRoutes.keptQuestions, ({ actor, query }) => notebook.kept(actor, query));
  registerRoute(app, notebookRoutes.reviewQueue, ({ actor }) => notebookReview.queue(actor));
  registerRoute(app, notebookRoutes.answerReview, async ({ actor, body }) =>
    ok(await notebookReview.answer(actor, body), 'notebookReviewAnswered'),
  );
  registerRoute(app, notebookRoutes.gradeReview, async ({ actor, body }) =>
    ok(await notebookReview.grade(actor, body), 'notebookReviewGraded'),
  );
  registerRoute(app, notebookRoutes.updateReviewSettings, async ({ actor, body }) =>
    ok(await notebookReview.updateSettings(actor, body), 'notebookReviewSettingsSaved'),
  );
  registerRoute(app, notebookRoutes.retestStatus, ({ actor }) => notebookRetest.status(actor));
  registerRoute(app, notebookRoutes.startRetest, async ({ actor }) =>
    ok(await notebookRetest.start(actor), 'notebookRetestReady'),
  );
};
