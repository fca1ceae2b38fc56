import { COURSE_PACKAGE_EXAMPLE } from '@app/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { CourseUploadScreen } from './course-upload-screen';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('CourseUploadScreen', { timeout: 30_000 }, () => {
  it('explains the package format and downloads the example package as a zip of the shared example files', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:example'), revokeObjectURL: () => undefined }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<CourseUploadScreen courseHref={() => '/'} />);
    expect(await screen.findByRole('heading', { name: 'What a course package holds' })).toBeInTheDocument();
    expect(screen.getByText(/manifest.json at the root of the zip/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download an example package' }));
    await expect.poll(() => clicked.mock.calls.length).toBe(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('course-package-example.zip');
    const zip = await JSZip.loadAsync(saved[0]!);
    expect(Object.keys(zip.files).filter((name) => !zip.files[name]!.dir).sort()).toEqual(Object.keys(COURSE_PACKAGE_EXAMPLE).sort());
    expect(JSON.parse(await zip.file('manifest.json')!.async('string')).course.name).toBe('Physics: Kinematics (example)');
  });

  it('explains it in Tamil', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<CourseUploadScreen courseHref={() => '/'} />);
    expect(await screen.findByRole('heading', { name: 'பாடநெறித் தொகுப்பில் என்ன இருக்கும்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'மாதிரித் தொகுப்பைப் பதிவிறக்கு' })).toBeInTheDocument();
  });
});
