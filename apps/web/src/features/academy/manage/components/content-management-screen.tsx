import type { ManagedCourse } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../../components/layout/page-card';
import { CourseDialog } from './course-dialog';
import { CourseList } from './course-list';
import { CourseOutline } from './course-outline';

interface ContentManagementScreenProps {
  /** The course whose outline is open (from the page's address), or null for the list. */
  courseId: number | null;
  courseHref: (courseId?: number) => string;
  testConfigHref: (taskId: number) => string;
  onOpenCourse: (courseId: number | null) => void;
}

/** Staff Content Management: the courses they manage, and one course's topics, lessons and tests. */
export function ContentManagementScreen({ courseId, courseHref, testConfigHref, onOpenCourse }: ContentManagementScreenProps) {
  const { t } = useTranslation('academy');
  const [editingCourse, setEditingCourse] = useState<ManagedCourse | 'new' | null>(null);

  const toolbar =
    courseId === null ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditingCourse('new')}>
        {t('manage.newCourse')}
      </Button>
    ) : (
      <Button component={RouterLink} to={courseHref()} startIcon={<ArrowBackIcon />}>
        {t('manage.allCourses')}
      </Button>
    );

  return (
    <PageCard title={t('manage.title')} toolbar={toolbar}>
      {courseId === null ? (
        <CourseList courseHref={courseHref} onOpen={onOpenCourse} onEdit={setEditingCourse} />
      ) : (
        <CourseOutline courseId={courseId} testConfigHref={testConfigHref} />
      )}
      {editingCourse && <CourseDialog course={editingCourse === 'new' ? undefined : editingCourse} onClose={() => setEditingCourse(null)} />}
    </PageCard>
  );
}
