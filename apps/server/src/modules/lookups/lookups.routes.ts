import { lookupsRoutes } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../lib/route.js';

export const lookupsModule: FastifyPluginAsync = async (app) => {
  const { lookups } = app.services;

  registerRoute(app, lookupsRoutes.states, () => lookups.listStates());
  registerRoute(app, lookupsRoutes.institutes, () => lookups.listInstitutes());
  registerRoute(app, lookupsRoutes.languages, () => lookups.listLanguages());
  registerRoute(app, lookupsRoutes.classes, ({ query }) => lookups.listClasses(query.instituteID));
  registerRoute(app, lookupsRoutes.sections, ({ query }) => lookups.listSections(query.instituteID, query.classID));
  registerRoute(app, lookupsRoutes.cities, () => lookups.listCities());
  registerRoute(app, lookupsRoutes.instituteDepartments, ({ body }) => lookups.listInstituteDepartments(body));
  registerRoute(app, lookupsRoutes.coursesSimple, () => lookups.listCoursesSimple());
};
