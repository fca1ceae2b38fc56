import type { ScheduleScreen } from '@app/contracts';

export const schedulesKeys = {
  all: ['schedules'] as const,
  options: (screen: ScheduleScreen) => ['schedules', 'options', screen] as const,
  mappings: () => ['schedules', 'mappings'] as const,
  windows: () => ['schedules', 'windows'] as const,
  openings: () => ['schedules', 'openings'] as const,
  mine: () => ['schedules', 'mine'] as const,
};
