import { examRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ok, registerRoute } from '../../lib/route.js';

const SAVED = { en: 'Answer saved.', tn: 'பதில் சேமிக்கப்பட்டது.' };
const SUBMITTED = { en: 'Test submitted.', tn: 'தேர்வு சமர்ப்பிக்கப்பட்டது.' };
const REPORTED = { en: 'Thank you. The question has been reported.', tn: 'நன்றி. கேள்வி குறித்து புகார் அளிக்கப்பட்டது.' };
const MARKED = { en: 'Mark saved.', tn: 'மதிப்பெண் சேமிக்கப்பட்டது.' };

/** A camera frame is a data URL of up to ~2 MB; the default body limit would refuse it. */
const PHOTO_BODY_LIMIT = 3 * 1024 * 1024;

export const examModule: FastifyPluginAsync = async (app) => {
  const { exam } = app.services;

  registerRoute(app, examRoutes.isAnyActiveTestSession, ({ actor }) => exam.isAnyActiveTestSession(actor));
  registerRoute(app, examRoutes.checkSession, ({ actor, body }) => exam.checkSession(actor, body));
  registerRoute(app, examRoutes.getSessionDetails, ({ actor, body }) => exam.getSessionDetails(actor, body));
  registerRoute(app, examRoutes.practise, ({ actor, body }) => exam.practise(actor, body));
  registerRoute(app, examRoutes.saveSessionDetails, ({ actor, body }) => exam.saveSessionDetails(actor, body));
  registerRoute(app, examRoutes.completeSection, ({ actor, body }) => exam.completeSection(actor, body));
  registerRoute(app, examRoutes.instruction, ({ actor, body }) => exam.instruction(actor, body));
  registerRoute(app, examRoutes.report, ({ actor, body }) => exam.report(actor, body));
  registerRoute(app, examRoutes.saveAnswer, async ({ actor, body }) => ok(await exam.saveAnswer(actor, body), SAVED));
  registerRoute(app, examRoutes.submitTest, async ({ actor, body }) => ok(await exam.submitTest(actor, body), SUBMITTED));
  registerRoute(app, examRoutes.revealAnswer, ({ actor, body }) => exam.revealAnswer(actor, body));
  registerRoute(app, examRoutes.capturePhoto, ({ actor, body }) => exam.capturePhoto(actor, body), { bodyLimit: PHOTO_BODY_LIMIT });
  registerRoute(app, examRoutes.listPhotos, ({ actor, query }) => exam.listPhotos(actor, query));
  registerRoute(app, examRoutes.getPhoto, ({ actor, query }) => exam.getPhoto(actor, query));
  registerRoute(app, examRoutes.reportQuestion, async ({ actor, body }) => ok(await exam.reportQuestion(actor, body), REPORTED));
  registerRoute(app, examRoutes.listPendingEvaluations, ({ actor, query }) => exam.listPendingEvaluations(actor, query));
  registerRoute(app, examRoutes.markAnswer, async ({ actor, body }) => ok(await exam.markAnswer(actor, body), MARKED));
  registerRoute(app, examRoutes.feedbackReport, ({ actor, query }) => exam.feedbackReport(actor, query));
};
