import { officeClientRoutes, type CopyStartFileBody, type OfficeQuestionRef, type RunOfficeBody } from '@app/contracts';
import { callApi, callApiFile } from '../../../lib/api-client';

/** The office question calls (spec 001 §7 runOffice, getRunDetailsOffice and the editor host's calls). */
export const officeApi = {
  /** The student's working copy of this question in this attempt (made from the stamped start file the first time). */
  workingCopy: (body: CopyStartFileBody) => callApi(officeClientRoutes.copyStartFile, { body }),
  download: (path: string, signal?: AbortSignal) => callApiFile(officeClientRoutes.download, { query: { path }, signal }),
  upload: (path: string, file: Blob, fileName: string) => {
    const formData = new FormData();
    formData.append('file', file, fileName);
    return callApi(officeClientRoutes.upload, { query: { path }, formData });
  },
  solution: (ref: OfficeQuestionRef) => callApiFile(officeClientRoutes.solution, { query: ref }),
  editorConfig: (path: string, fileName?: string) => callApi(officeClientRoutes.editorConfig, { query: { path, fileName } }),
  solutionEditorConfig: (ref: OfficeQuestionRef & { fileName?: string }) => callApi(officeClientRoutes.solutionEditorConfig, { query: ref }),
  runOffice: (body: RunOfficeBody) => callApi(officeClientRoutes.runOffice, { body }),
  getRunDetailsOffice: (runID: string, signal?: AbortSignal) => callApi(officeClientRoutes.getRunDetailsOffice, { query: { runID }, signal }),
};

export type OfficeApi = typeof officeApi;
