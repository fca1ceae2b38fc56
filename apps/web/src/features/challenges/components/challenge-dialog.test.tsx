import type { Challenge, Thread } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi, type StubbedAnswer, type StubbedCall } from '../../../test/stub-api';
import { ChallengeDialog } from './challenge-dialog';

const QUESTION = { taskId: 5, mapId: 41, number: 3 };
/** The question as the server's answers name it. */
const ON_WIRE = { taskId: QUESTION.taskId, questionTaskMapID: QUESTION.mapId };
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'working.png', { type: 'image/png' });

/** A server where the student may challenge question 3; the picture call answers `onImage`. */
function stubServer(onImage: (call: StubbedCall) => StubbedAnswer = () => ({ message: 'The picture was added to your challenge' })) {
  let mine: Challenge | null = null;
  return stubApi((call) => {
    if (call.path === '/challenges/v1/thread') {
      const thread: Thread = { ...ON_WIRE, posts: [], myChallenge: mine, canChallenge: mine === null };
      return { body: thread };
    }
    if (call.path === '/challenges/v1/challenge') {
      const body = call.body as { reason: string };
      mine = { id: 7, ...ON_WIRE, reason: body.reason, status: 'open', createdAt: '2026-11-29T10:00:00Z', decidedAt: null, decisionNote: null, imageUrl: null };
      return { message: 'Your challenge was sent to the teachers', body: mine };
    }
    if (call.path === '/challenges/v1/image') {
      const answer = onImage(call);
      if ((answer.status ?? 200) < 400 && mine) mine = { ...mine, imageUrl: '/api/files/v1/get?key=challenges%2F7%2Fa&exp=1&sig=x' };
      return { ...answer, body: answer.body ?? mine };
    }
    return undefined;
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('ChallengeDialog', () => {
  it('sends the reason, then the picture picked with it, and shows the challenge with its picture', async () => {
    const api = stubServer();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ChallengeDialog question={QUESTION} isOpen onClose={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: 'Why is the key wrong?' }), 'Option C fits the data better.');
    const picker = screen.getByLabelText('Picture (optional)');
    expect(picker).toHaveAccessibleDescription('A photo of your working or a screenshot: PNG, JPEG or WebP, at most 5 MB.');
    await user.upload(picker, png());
    await user.click(screen.getByRole('button', { name: 'Send challenge' }));
    await waitFor(() => expect(api.to('POST', '/challenges/v1/image')).toHaveLength(1));
    expect(api.to('POST', '/challenges/v1/challenge')[0]!.body).toStrictEqual({ taskId: 5, questionTaskMapID: 41, reason: 'Option C fits the data better.' });
    const sent = api.to('POST', '/challenges/v1/image')[0]!;
    expect(sent.query.get('challengeId')).toBe('7');
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((sent.body as FormData).get('file') as File).name).toBe('working.png');
    expect(await screen.findByRole('img', { name: 'Your picture for question 3' })).toHaveAttribute('src', expect.stringContaining('challenges%2F7'));
    expect(screen.getByTestId('my-challenge')).toHaveTextContent('Waiting for the teachers');
  });

  it('refuses a file that is not a PNG, JPEG or WebP before sending anything, and says so', async () => {
    const api = stubServer();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ChallengeDialog question={QUESTION} isOpen onClose={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: 'Why is the key wrong?' }), 'Option C fits the data better.');
    const picker = screen.getByLabelText('Picture (optional)');
    await user.upload(picker, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(picker).toHaveAccessibleDescription('Choose a PNG, JPEG or WebP picture.');
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Send challenge' }));
    expect(api.to('POST', '/challenges/v1/challenge')).toHaveLength(0);
    await user.upload(picker, new File([new Uint8Array(5_242_881)], 'huge.png', { type: 'image/png' }));
    expect(picker).toHaveAccessibleDescription('This picture is larger than 5 MB.');
  });

  it('keeps the challenge when the server refuses the picture, says why, and lets the student add another', async () => {
    let refusals = 1;
    const api = stubServer(() =>
      refusals-- > 0
        ? { status: 400, message: 'This file type is not allowed here; allowed: PNG, JPEG, WebP.', body: { code: 'FILES_TYPE_NOT_ALLOWED' } }
        : { message: 'The picture was added to your challenge' },
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ChallengeDialog question={QUESTION} isOpen onClose={() => undefined} />);
    await user.type(await screen.findByRole('textbox', { name: 'Why is the key wrong?' }), 'Option C fits the data better.');
    await user.upload(screen.getByLabelText('Picture (optional)'), png());
    await user.click(screen.getByRole('button', { name: 'Send challenge' }));
    expect(await screen.findByTestId('image-not-sent')).toHaveTextContent(
      'Your challenge was sent, but the picture was not added: This file type is not allowed here; allowed: PNG, JPEG, WebP.',
    );
    // The open challenge takes a picture later, by keyboard.
    const later = await screen.findByLabelText('Add a picture to your challenge');
    await user.upload(later, png());
    screen.getByRole('button', { name: 'Add picture' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('img', { name: 'Your picture for question 3' })).toBeInTheDocument();
    expect(api.to('POST', '/challenges/v1/image')).toHaveLength(2);
    expect(api.to('POST', '/challenges/v1/challenge')).toHaveLength(1);
  });

  it('speaks Tamil', async () => {
    stubServer();
    await i18n.changeLanguage('tn');
    renderWithProviders(<ChallengeDialog question={QUESTION} isOpen onClose={() => undefined} />);
    expect(await screen.findByLabelText('படம் (விருப்பத்தேர்வு)')).toHaveAccessibleDescription(
      'உங்கள் தீர்வின் புகைப்படம் அல்லது திரைப்பிடிப்பு: PNG, JPEG அல்லது WebP, அதிகபட்சம் 5 MB.',
    );
  });
});
