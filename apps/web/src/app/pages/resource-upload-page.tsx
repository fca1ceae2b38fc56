import { ResourceUploadScreen } from '../../features/academy/components/manage/resource-upload-screen';

/** Staff at /resourceupload. */
export function ResourceUploadPage() {
  return <ResourceUploadScreen />;
}
