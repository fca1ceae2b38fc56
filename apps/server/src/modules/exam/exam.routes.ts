import { examRoutes, examSupervisionRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { translate } from '../../lib/language.js';
import { ok, registerRoute } from '../../lib/route.js';
import { sendContent } from './exam.content.js';
import { sessionEnvelopeJson } from './exam.session-json.js';

export const examModule: FastifyPluginAsync = async (app) => {
  const { exam } = app.services;

  registerRoute(app, examRoutes.isAnyActiveTestSession, ({ actor }) => exam.isAnyActiveTestSession(actor));
  registerRoute(app, examRoutes.checkSession, ({ actor, body }) => exam.checkSession(actor, body));
  // The session goes out through the contract's schemas with the served set's questions as ids
  // and the student's state (exam.session-json); their content is one cached resource per served
  // set (exam.content), ready compressed, immutable under its key.
  registerRoute(app, examRoutes.getSessionDetails, async ({ actor, body, req, reply }) =>
    reply.type('application/json; charset=utf-8').send(sessionEnvelopeJson(await exam.getSessionDetails(actor, body), translate('ok', req.language))),
  );
  registerRoute(app, examRoutes.practise, async ({ actor, body, req, reply }) =>
    reply.type('application/json; charset=utf-8').send(sessionEnvelopeJson(await exam.practise(actor, body), translate('ok', req.language))),
  );
  registerRoute(app, examRoutes.saveSessionDetails, ({ actor, body }) => exam.saveSessionDetails(actor, body));
  registerRoute(app, examRoutes.completeSection, ({ actor, body }) => exam.completeSection(actor, body));
  registerRoute(app, examRoutes.instruction, ({ actor, body }) => exam.instruction(actor, body));
  registerRoute(app, examRoutes.saveAnswer, async ({ actor, body }) => ok(await exam.saveAnswer(actor, body), 'answerSaved'));
  registerRoute(app, examRoutes.submitTest, async ({ actor, body }) => ok(await exam.submitTest(actor, body), 'testSubmitted'));
  registerRoute(app, examRoutes.revealAnswer, ({ actor, body }) => exam.revealAnswer(actor, body));
  registerRoute(app, examRoutes.content, async ({ actor, query, req, reply }) => sendContent(req, reply, await exam.readContent(actor, query.key)));
  registerRoute(app, examRoutes.reportQuestion, async ({ actor, body }) => ok(await exam.reportQuestion(actor, body), 'questionReported'));

  // Staff: the live exam room.
  registerRoute(app, examSupervisionRoutes.listSupervisedTests, ({ actor }) => exam.listSupervisedTests(actor));
  registerRoute(app, examSupervisionRoutes.liveRoom, ({ actor, query }) => exam.liveRoom(actor, query));
  registerRoute(app, examSupervisionRoutes.extendTime, async ({ actor, body }) => ok(await exam.extendTime(actor, body), 'timeExtended'));
  registerRoute(app, examSupervisionRoutes.reopenAttempt, async ({ actor, body }) => ok(await exam.reopenAttempt(actor, body), 'attemptReopened'));
  registerRoute(app, examSupervisionRoutes.forceSubmit, async ({ actor, body }) => ok(await exam.forceSubmit(actor, body), 'attemptSubmitted'));
};
