import { z } from 'zod';
import { ADMIN_ROLES, STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { centreEndpoints } from './centre.endpoints.js';
import {
  CentreCheckSchema,
  CentreListSchema,
  CentreRoomQuerySchema,
  CentreRoomSchema,
  CentreStatusSchema,
  CentreSyncStateSchema,
  LocalSyncStatusSchema,
  SyncBodySchema,
  SyncResultSchema,
  SyncStateQuerySchema,
  RequestResendBodySchema,
  RequestResendResultSchema,
  ResendRequestsSchema,
  CreatePairingCodeBodySchema,
  InvigilatorCodeSchema,
  IssueInvigilatorCodeBodySchema,
  LocalStagedExamSchema,
  PairCentreBodySchema,
  PairCentreResultSchema,
  PairingCodeSchema,
  PairWithCentralBodySchema,
  ReleaseKeyBodySchema,
  ReleaseKeySchema,
  ServerRoleSchema,
  StageBodySchema,
  StageResultSchema,
  UnlockExamBodySchema,
} from './centre.schemas.js';

/**
 * Exam centres (docs/centre.md). The first three calls are the central server's administrators';
 * pair, stage and releaseKey are called by a centre (pair with a one-time code, the others with
 * the centre's credential in `Authorization: Centre <credential>`); the local calls exist only on
 * a centre server, for its own staff.
 */
export const centreRoutes = {
  serverRole: defineRoute({
    ...centreEndpoints.serverRole,
    access: 'public',
    summary: "Either role: whether this server is the central one or an exam centre (which screens the web app shows)",
    response: ServerRoleSchema,
  }),
  check: defineRoute({
    ...centreEndpoints.check,
    access: 'public',
    summary: "Either role: the server's clock and role, for a lab machine's pre-exam check (clock offset, round trip)",
    response: CentreCheckSchema,
  }),
  createPairingCode: defineRoute({
    ...centreEndpoints.createPairingCode,
    access: ADMIN_ROLES,
    summary: 'Admins: a one-time code (15 minutes, single use) that pairs one exam centre with an institute in reach',
    body: CreatePairingCodeBodySchema,
    response: PairingCodeSchema,
  }),
  list: defineRoute({
    ...centreEndpoints.list,
    access: ADMIN_ROLES,
    summary: 'Admins: the paired exam centres in reach, with their last contact and staged exams',
    response: CentreListSchema,
  }),
  issueInvigilatorCode: defineRoute({
    ...centreEndpoints.issueInvigilatorCode,
    access: ADMIN_ROLES,
    summary: "Admins: a code that unlocks one exam's paper at one centre without the internet (staged with the paper)",
    body: IssueInvigilatorCodeBodySchema,
    response: InvigilatorCodeSchema,
  }),
  pair: defineRoute({
    ...centreEndpoints.pair,
    access: 'public',
    summary: "Centre: pairs with a one-time code and receives the centre's own credential",
    body: PairCentreBodySchema,
    response: PairCentreResultSchema,
  }),
  stage: defineRoute({
    ...centreEndpoints.stage,
    access: 'public',
    summary: "Centre (credential): the institute's scheduled tests ahead, papers encrypted, with the roster",
    body: StageBodySchema,
    response: StageResultSchema,
  }),
  syncState: defineRoute({
    ...centreEndpoints.syncState,
    access: ADMIN_ROLES,
    summary: "Admins: a centre's sync: last sync, its attempts complete, damaged (with the reason), refused and pending",
    query: SyncStateQuerySchema,
    response: CentreSyncStateSchema,
  }),
  sync: defineRoute({
    ...centreEndpoints.sync,
    access: 'public',
    summary: "Centre (credential): a batch of its attempts' hash-chained records; each attempt's state and cursor back",
    body: SyncBodySchema,
    response: SyncResultSchema,
  }),
  requestResend: defineRoute({
    ...centreEndpoints.requestResend,
    access: ADMIN_ROLES,
    summary: "Admins: asks a centre for a fresh copy of a damaged attempt's chain (sent whole on its next sync); what was held of it is dropped",
    body: RequestResendBodySchema,
    response: RequestResendResultSchema,
  }),
  resendRequests: defineRoute({
    ...centreEndpoints.resendRequests,
    access: 'public',
    summary: "Centre (credential): the attempts its administrators asked to be sent again, whole",
    body: z.object({}).optional(),
    response: ResendRequestsSchema,
  }),
  releaseKey: defineRoute({
    ...centreEndpoints.releaseKey,
    access: 'public',
    summary: "Centre (credential): an exam's data key, from its scheduled start",
    body: ReleaseKeyBodySchema,
    response: ReleaseKeySchema,
  }),
  localStatus: defineRoute({
    ...centreEndpoints.localStatus,
    access: STAFF_ROLES,
    summary: 'Centre server: whether it is paired, and its staged exams',
    response: CentreStatusSchema,
  }),
  localPair: defineRoute({
    ...centreEndpoints.localPair,
    access: ADMIN_ROLES,
    summary: 'Centre server: pairs it with its central server (once)',
    body: PairWithCentralBodySchema,
    response: CentreStatusSchema,
  }),
  localStage: defineRoute({
    ...centreEndpoints.localStage,
    access: STAFF_ROLES,
    summary: 'Centre server: stages the scheduled tests now',
    body: z.object({}).optional(),
    response: CentreStatusSchema,
  }),
  localUnlock: defineRoute({
    ...centreEndpoints.localUnlock,
    access: STAFF_ROLES,
    summary: "Centre server: unlocks a staged exam's paper, from the central server at its start or by an invigilator code",
    body: UnlockExamBodySchema,
    response: LocalStagedExamSchema,
  }),
  localSync: defineRoute({
    ...centreEndpoints.localSync,
    access: STAFF_ROLES,
    summary: "Centre server: seals its closed attempts into hash chains and sends them up now (resumes where the last sync stopped)",
    body: z.object({}).optional(),
    response: LocalSyncStatusSchema,
  }),
  localRoom: defineRoute({
    ...centreEndpoints.localRoom,
    access: STAFF_ROLES,
    summary: "Centre server: the invigilator's dashboard of one staged exam: each rostered student in, offline or submitted, last save, outage credits, sync",
    query: CentreRoomQuerySchema,
    response: CentreRoomSchema,
  }),
};
