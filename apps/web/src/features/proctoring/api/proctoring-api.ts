import { examClientRoutes as examRoutes, type CapturePhotoBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client';

export const proctoringApi = {
  capturePhoto: (body: CapturePhotoBody) => callApi(examRoutes.capturePhoto, { body }),
};
