import { academyRoutes } from '@app/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank-keys';

export interface TopicChoice {
  topicId: number;
  courseId: number;
  /** "Course · Topic". */
  label: string;
}

/** Every topic of every course, for the bank's topic filter and picker. */
export function useTopicChoices(): { topics: TopicChoice[]; isLoading: boolean } {
  const courses = useQuery({ queryKey: questionBankKeys.courses(), queryFn: () => callApi(academyRoutes.listCourses) });
  const topicLists = useQueries({
    queries: (courses.data ?? []).map((course) => ({
      queryKey: questionBankKeys.topics(course.courseID),
      queryFn: () => callApi(academyRoutes.listTopics, { query: { courseId: course.courseID } }),
    })),
  });
  const topics = topicLists.flatMap((result) =>
    (result.data?.topics ?? []).map((topic) => ({
      topicId: topic.topicID,
      courseId: result.data!.courseID,
      label: `${result.data!.courseName} · ${topic.topicName}`,
    })),
  );
  return { topics, isLoading: courses.isLoading || topicLists.some((result) => result.isLoading) };
}
