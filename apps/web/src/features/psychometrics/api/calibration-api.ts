import {
  CalibrationSummarySchema,
  FINISHED_JOB_STATES,
  jobsRoutes,
  psychometricsRoutes,
  type CalibratedItemList,
  type CalibrationScopes,
  type CalibrationSummary,
  type Job,
  type StartCalibrationBody,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { callApi } from '../../../lib/api-client';

/** Null: a client administrator's whole client bank (or an institute administrator's own institute). */
export type ScopeId = number | null;

export const calibrationKeys = {
  all: ['psychometrics'] as const,
  scopes: () => [...calibrationKeys.all, 'scopes'] as const,
  items: (instituteId: ScopeId, language: string) => [...calibrationKeys.all, 'items', instituteId, language] as const,
  job: (jobId: string) => [...calibrationKeys.all, 'job', jobId] as const,
};

const POLL_MS = 1000;

export function useCalibrationScopes() {
  return useQuery({ queryKey: calibrationKeys.scopes(), queryFn: (): Promise<CalibrationScopes> => callApi(psychometricsRoutes.scopes), staleTime: 5 * 60_000 });
}

/** The scope's calibrated item versions; the excerpts come in the screen's language. */
export function useCalibratedItems(instituteId: ScopeId, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: calibrationKeys.items(instituteId, i18n.language),
    enabled,
    queryFn: (): Promise<CalibratedItemList> => callApi(psychometricsRoutes.items, { query: instituteId === null ? {} : { instituteId } }),
  });
}

export const startCalibration = (body: StartCalibrationBody) => callApi(psychometricsRoutes.calibrate, { body });

export function useStartCalibration() {
  return useMutation({ mutationFn: startCalibration });
}

/** A job and, once it succeeded, its summary (null when the result is not one). */
export interface CalibrationJob {
  job: Job;
  summary: CalibrationSummary | null;
}

/** Follows a calibration job until it finishes; the scope's items are read again when it succeeds. */
export function useCalibrationJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: calibrationKeys.job(jobId ?? ''),
    enabled: jobId !== null,
    queryFn: async (): Promise<CalibrationJob> => {
      const job = await callApi(jobsRoutes.get, { query: { id: jobId! } });
      if (job.state === 'succeeded') void queryClient.invalidateQueries({ queryKey: [...calibrationKeys.all, 'items'] });
      const parsed = CalibrationSummarySchema.safeParse(job.result);
      return { job, summary: job.state === 'succeeded' && parsed.success ? parsed.data : null };
    },
    refetchInterval: (query) => (query.state.data && FINISHED_JOB_STATES.includes(query.state.data.job.state) ? false : POLL_MS),
  });
}
