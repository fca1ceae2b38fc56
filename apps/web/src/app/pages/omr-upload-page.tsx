import { OmrUploadScreen } from '../../features/omr';

/** Staff at /omrPdfUpload. */
export function OmrUploadPage() {
  return <OmrUploadScreen />;
}
