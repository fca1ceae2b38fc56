import { ADMIN_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { CalibratedItemListSchema, CalibrationScopesSchema, ListCalibratedItemsQuerySchema, StartCalibrationBodySchema, StartCalibrationResultSchema } from './psychometrics.schemas.js';

/**
 * Item calibration from real attempts (decision 048): an administrator starts a tracked job for
 * their institute (a client administrator: any of the client's institutes, or the whole client
 * bank) and reads each item version's parameters, state and flags. Another scope answers 404.
 */
export const psychometricsRoutes = {
  calibrate: defineRoute({
    method: 'POST',
    path: '/psychometrics/v1/calibrate',
    access: ADMIN_ROLES,
    summary: 'Start calibrating the item versions answered in an institute (a tracked job; read it at /jobs/v1/get)',
    body: StartCalibrationBodySchema,
    response: StartCalibrationResultSchema,
  }),
  scopes: defineRoute({
    method: 'GET',
    path: '/psychometrics/v1/scopes',
    access: ADMIN_ROLES,
    summary: 'The institutes (and, for a client administrator, the client bank) the caller may calibrate',
    response: CalibrationScopesSchema,
  }),
  items: defineRoute({
    method: 'GET',
    path: '/psychometrics/v1/items',
    access: ADMIN_ROLES,
    summary: 'The calibrated item versions of an institute (or the client bank) with their states and flags',
    query: ListCalibratedItemsQuerySchema,
    response: CalibratedItemListSchema,
  }),
};
