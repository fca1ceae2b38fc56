import { ResourceUploadScreen } from '../../features/academy/manage/components/resource-upload-screen';

/** Staff at /resourceupload. */
export function ResourceUploadPage() {
  return <ResourceUploadScreen />;
}
