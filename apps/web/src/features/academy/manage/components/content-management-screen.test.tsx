import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { expectEscapeAsksBeforeDiscarding, expectEscapeCloses } from '../../../../test/dismiss-checks';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ContentManagementScreen } from './content-management-screen';

const COURSES = [
  {
    courseID: 7,
    courseName: 'Organic chemistry',
    description: '',
    language: 'en',
    isPublished: false,
    isInstituteCourse: true,
    totalTopics: 2,
    totalTasks: 5,
    sortOrder: 1,
  },
  {
    courseID: 8,
    courseName: 'Physics library',
    description: '',
    language: 'en',
    isPublished: true,
    isInstituteCourse: false,
    totalTopics: 4,
    totalTasks: 9,
    sortOrder: 2,
  },
];

/** The real client against a stubbed fetch answering in the server's envelope. */
function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = url.includes('/manage/courses/create') ? { id: 9 } : url.includes('/manage/courses') ? COURSES : null;
    void init;
    return new Response(JSON.stringify({ status: true, message: 'Saved', body }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderScreen = () =>
  renderWithProviders(
    <ContentManagementScreen
      courseId={null}
      courseHref={(id) => (id ? `/academy/courses?course=${id}` : '/academy/courses')}
      testConfigHref={(id) => `/testconfig?test=${id}`}
      onOpenCourse={() => undefined}
    />,
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ContentManagementScreen', { timeout: 40_000 }, () => {
  it('lists the courses with their status and owner, each linking to its outline', async () => {
    stubServer();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Courses you manage' }, { timeout: 10_000 });
    const draftRow = (await within(table).findByRole('link', { name: 'Organic chemistry' })).closest('tr')!;
    expect(within(draftRow).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow).getByText('My institute')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Organic chemistry' })).toHaveAttribute(
      'href',
      '/academy/courses?course=7',
    );
    const sharedRow = within(table).getByRole('link', { name: 'Physics library' }).closest('tr')!;
    expect(within(sharedRow).getByText('Published')).toBeInTheDocument();
    expect(within(sharedRow).getByText('All institutes')).toBeInTheDocument();
  });

  it('creates a draft course from a labelled form, refusing an empty name', async () => {
    const fetchMock = stubServer();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'New course' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name (at most 200 characters).')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/courses/create'))).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Course name/ }), 'Botany');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/courses/create'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Botany',
      description: '',
      language: 'en',
      isPublished: false,
      instituteOnly: true,
    });
  });

  it('closes the course dialog on Escape at once while nothing was typed', async () => {
    stubServer();
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New course' }, { timeout: 10_000 }));
    await expectEscapeCloses(user, await screen.findByRole('dialog', { name: 'New course' }));
  });

  it('asks before Escape drops a typed course description; Keep editing keeps it, Discard closes', async () => {
    const fetchMock = stubServer();
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New course' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    const description = () => within(dialog).getByRole('textbox', { name: 'Description' });
    await user.type(description(), 'Reactions of alkanes');
    await expectEscapeAsksBeforeDiscarding(user, dialog, description, 'Reactions of alkanes');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/courses/create'))).toBe(false);
  });

  it('shows its texts in Tamil', async () => {
    stubServer();
    await i18n.changeLanguage('tn');
    renderScreen();
    expect(await screen.findByRole('button', { name: 'புதிய பாடநெறி' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('உள்ளடக்க மேலாண்மை')).toBeInTheDocument();
  });
});
