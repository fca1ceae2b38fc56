import { paths } from '../../config/paths';
import { CourseUploadScreen } from '../../features/academy/package/components/course-upload-screen';

const courseHref = (courseId?: number) => paths.academy.management.getHref(courseId);

/** Staff at /courseupload. */
export function CourseUploadPage() {
  return <CourseUploadScreen courseHref={courseHref} />;
}
