import { staffReportsClientRoutes as routes, type MatrixExportQuery, type MatrixQuery } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi, callApiFile } from '../../../../lib/api-client';
import { saveBlob } from '../model/save-blob';

/** The staff landing page: one call. */
export function useStaffDashboard() {
  return useQuery({ queryKey: ['reports', 'staffDashboard'], queryFn: () => callApi(routes.staffDashboard, {}) });
}

export function useMatrixOptions() {
  return useQuery({ queryKey: ['reports', 'matrixOptions'], queryFn: () => callApi(routes.matrixOptions, {}) });
}

/** Students × tests of a class (or section), once a class is chosen. */
export function useReportMatrix(query: MatrixQuery | null) {
  return useQuery({
    queryKey: ['reports', 'matrix', query],
    queryFn: () => callApi(routes.matrix, { query: query! }),
    enabled: query !== null,
  });
}

export function useExamStatistics(taskId: number) {
  return useQuery({ queryKey: ['reports', 'examStatistics', taskId], queryFn: () => callApi(routes.examStatistics, { query: { taskId } }) });
}

/** Raw score, per-shift percentile, ability and equated score of each first attempt (decision 066). */
export function useExamEquating(taskId: number) {
  return useQuery({ queryKey: ['reports', 'examEquating', taskId], queryFn: () => callApi(routes.examEquating, { query: { taskId } }) });
}

/** Downloads the matrix in the order shown. */
export async function downloadMatrix(query: MatrixExportQuery): Promise<void> {
  const file = await callApiFile(routes.matrixExport, { query });
  saveBlob(file.blob, file.fileName ?? `report.${query.format}`);
}

export async function downloadStatistics(taskId: number, format: 'csv' | 'xlsx' | 'pdf'): Promise<void> {
  const file = await callApiFile(routes.examStatisticsExport, { query: { taskId, format } });
  saveBlob(file.blob, file.fileName ?? `exam-statistics.${format}`);
}

/** The scores across shifts as a file (headers and notes in English and Tamil). */
export async function downloadEquating(taskId: number, format: 'csv' | 'xlsx'): Promise<void> {
  const file = await callApiFile(routes.examEquatingExport, { query: { taskId, format } });
  saveBlob(file.blob, file.fileName ?? `exam-equating.${format}`);
}
