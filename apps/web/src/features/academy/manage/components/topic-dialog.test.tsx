import type { ManagedTopic } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, it } from 'vitest';
import { expectEscapeAsksBeforeDiscarding, expectEscapeCloses } from '../../../../test/dismiss-checks';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { TopicDialog } from './topic-dialog';

const TOPIC: ManagedTopic = { topicID: 4, topicName: 'Alkanes', description: 'Naming and reactions', sortOrder: 1, tasks: [] };

/** The dialog as the course outline shows it: rendered until it asks to close. */
function Owner({ topic }: { topic?: ManagedTopic }) {
  const [isOpen, setIsOpen] = useState(true);
  return isOpen ? <TopicDialog courseId={7} topic={topic} onClose={() => setIsOpen(false)} /> : null;
}

function renderDialog(topic?: ManagedTopic) {
  const user = userEvent.setup();
  renderWithProviders(<Owner topic={topic} />);
  return { user };
}

describe('TopicDialog', { timeout: 30_000 }, () => {
  it('closes on Escape at once while the topic is as it opened', async () => {
    const { user } = renderDialog(TOPIC);
    await expectEscapeCloses(user, await screen.findByRole('dialog', { name: 'Edit topic' }));
  });

  it('asks before Escape drops a half-written description; Keep editing keeps it, Discard closes', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'New topic' });
    const description = () => within(dialog).getByRole('textbox', { name: 'Description' });
    await user.type(description(), 'Isomers and');
    await expectEscapeAsksBeforeDiscarding(user, dialog, description, 'Isomers and');
  });
});
