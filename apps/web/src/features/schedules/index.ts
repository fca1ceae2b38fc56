/** What app/ may mount from the schedules feature. */
export { TestScheduleScreen } from './components/test-schedule-screen';
export { CourseMappingScreen } from './components/course-mapping-screen';
export { CourseScheduleScreen } from './components/course-schedule-screen';
export { MyScheduleScreen } from './components/my-schedule-screen';
