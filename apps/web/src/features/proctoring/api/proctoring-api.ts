import { proctoringClientRoutes as proctoringRoutes, type CapturePhotoBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client';

export const proctoringApi = {
  capturePhoto: (body: CapturePhotoBody) => callApi(proctoringRoutes.capturePhoto, { body }),
};
