/** Query keys of the staff's academy lists, which Content Management and Course Upload both reload. */
export const manageKeys = {
  all: ['academy', 'manage'] as const,
  courses: () => ['academy', 'manage', 'courses'] as const,
  outline: (courseId: number) => ['academy', 'manage', 'outline', courseId] as const,
};
