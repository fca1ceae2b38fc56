import { COURSE_TRACKING_INTERVAL_MS } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { trackCourse } from '../api/academy-api';

/**
 * Course tracking (spec 000 §9): every 10 s while the page is visible, report the seconds spent
 * in the course (and task). Time in a hidden tab is not counted.
 */
export function useCourseTracking(courseId: number, taskId?: number) {
  const lastRef = useRef(0);
  useEffect(() => {
    if (!courseId) return;
    lastRef.current = Date.now();
    const id = window.setInterval(() => {
      const now = Date.now();
      const seconds = Math.round((now - lastRef.current) / 1000);
      lastRef.current = now;
      if (document.visibilityState !== 'visible' || seconds < 1) return;
      trackCourse({ courseId, taskId, timeSpent: Math.min(seconds, 3600) }).catch(() => undefined);
    }, COURSE_TRACKING_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [courseId, taskId]);
}

/** Marks a lesson complete (the video reached its end, or the student said so). */
export function markLessonComplete(courseId: number, taskId: number) {
  return trackCourse({ courseId, taskId, timeSpent: 1, isCompleted: true });
}
