import { describe, expect, it } from 'vitest';
import { awayLimit, classifyCameraError, isTabMonitoringOn, powerSettingsUrl, shouldAutoSubmit } from './proctoring-rules';

describe('proctoring rules', () => {
  it('monitors tabs only when IsTabAlertAllowed is 0 and the camera is off', () => {
    expect(isTabMonitoringOn({ IsTabAlertAllowed: 0, IsCameraAllowed: false })).toBe(true);
    expect(isTabMonitoringOn({ IsTabAlertAllowed: 1, IsCameraAllowed: false })).toBe(false);
    expect(isTabMonitoringOn({ IsTabAlertAllowed: 0, IsCameraAllowed: true })).toBe(false);
  });

  it('submits at Warnings − 1, the exam value over the default 3', () => {
    expect(awayLimit(undefined)).toBe(2);
    expect(awayLimit(0)).toBe(2);
    expect(awayLimit(5)).toBe(4);
    expect(awayLimit(1)).toBe(1);
    expect(shouldAutoSubmit(1, 3)).toBe(false);
    expect(shouldAutoSubmit(2, 3)).toBe(true);
    expect(shouldAutoSubmit(3, 5)).toBe(false);
  });

  it('tells a permission denial from other camera errors', () => {
    expect(classifyCameraError({ name: 'NotAllowedError' })).toBe('denied');
    expect(classifyCameraError({ name: 'NotReadableError' })).toBe('error');
    expect(classifyCameraError(new Error('x'))).toBe('error');
  });

  it('opens the power settings by platform', () => {
    expect(powerSettingsUrl('Win32')).toBe('ms-settings:powersleep');
    expect(powerSettingsUrl('MacIntel')).toContain('energysaver');
    expect(powerSettingsUrl('Linux x86_64')).toBeNull();
  });
});
