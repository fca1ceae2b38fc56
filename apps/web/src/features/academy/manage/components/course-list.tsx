import type { ManagedCourse } from '@app/contracts';
import EditIcon from '@mui/icons-material/Edit';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { DataTable, type ColumnDef } from '../../../../components/data-table/data-table';
import { useManagedCourses, useUpdateCourse } from '../api/manage-api';

interface CourseListProps {
  /** The address of a course's outline. */
  courseHref: (courseId: number) => string;
  onOpen: (courseId: number) => void;
  onEdit: (course: ManagedCourse) => void;
}

/** The courses a staff member manages, with their status; opens, edits and publishes them. */
export function CourseList({ courseHref, onOpen, onEdit }: CourseListProps) {
  const { t } = useTranslation('academy');
  const courses = useManagedCourses();
  const update = useUpdateCourse();

  const columns = useMemo<ColumnDef<ManagedCourse, unknown>[]>(
    () => [
      {
        accessorKey: 'courseName',
        header: t('manage.courseName'),
        cell: ({ row }) => (
          <Link component={RouterLink} to={courseHref(row.original.courseID)}>
            {row.original.courseName}
          </Link>
        ),
      },
      {
        accessorKey: 'isPublished',
        header: t('manage.status'),
        cell: ({ row }) => (
          <Chip size="small" color={row.original.isPublished ? 'success' : 'default'} label={row.original.isPublished ? t('manage.published') : t('manage.draft')} />
        ),
      },
      {
        accessorKey: 'isInstituteCourse',
        header: t('manage.owner'),
        cell: ({ row }) => (row.original.isInstituteCourse ? t('manage.ownerInstitute') : t('manage.ownerClient')),
      },
      { accessorKey: 'totalTopics', header: t('manage.topicsCount') },
      { accessorKey: 'totalTasks', header: t('manage.tasksCount') },
    ],
    [t, courseHref],
  );

  return (
    <DataTable
      label={t('manage.coursesLabel')}
      columns={columns}
      rows={courses.data ?? []}
      getRowId={(row) => String(row.courseID)}
      getRowLabel={(row) => row.courseName}
      isLoading={courses.isLoading}
      error={courses.isError ? t('manage.loadFailed') : null}
      onRetry={() => void courses.refetch()}
      emptyText={t('manage.noCourses')}
      isSearchable
      rowActions={[
        { id: 'open', label: t('manage.open'), icon: <FolderOpenIcon />, onClick: (row) => onOpen(row.courseID) },
        { id: 'edit', label: t('manage.edit'), icon: <EditIcon />, onClick: onEdit },
        {
          id: 'publish',
          label: t('manage.publish'),
          icon: <PublishIcon />,
          onClick: (row) => update.mutate({ courseId: row.courseID, isPublished: true }),
          isDisabled: (row) => row.isPublished,
        },
        {
          id: 'unpublish',
          label: t('manage.unpublish'),
          icon: <UnpublishedIcon />,
          onClick: (row) => update.mutate({ courseId: row.courseID, isPublished: false }),
          isDisabled: (row) => !row.isPublished,
        },
      ]}
    />
  );
}
