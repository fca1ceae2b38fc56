import { TAB_AWAY_WARNINGS } from '@app/contracts';

/** Tab-away monitoring applies when IsTabAlertAllowed is 0 and the camera is off (spec 001 §4). */
export function isTabMonitoringOn(settings: { IsTabAlertAllowed: number; IsCameraAllowed: boolean }): boolean {
  return settings.IsTabAlertAllowed === 0 && !settings.IsCameraAllowed;
}

/** The exam's own Warnings wins over the default (3); the test is submitted at Warnings − 1. */
export function awayLimit(examWarnings: number | null | undefined): number {
  const warnings = examWarnings && examWarnings > 0 ? examWarnings : TAB_AWAY_WARNINGS;
  return Math.max(1, warnings - 1);
}

export function shouldAutoSubmit(awayCount: number, examWarnings: number | null | undefined): boolean {
  return awayCount >= awayLimit(examWarnings);
}

export type CameraFailure = 'denied' | 'error';

/** A permission denial submits silently; any other camera error is shown, then submits. */
export function classifyCameraError(error: unknown): CameraFailure {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError' ? 'denied' : 'error';
}

/** The operating system's power settings, by platform (Change System Settings dialog). */
export function powerSettingsUrl(platform: string): string | null {
  const value = platform.toLowerCase();
  if (value.includes('win')) return 'ms-settings:powersleep';
  if (value.includes('mac')) return 'x-apple.systempreferences:com.apple.preference.energysaver';
  return null;
}
