import { DEFAULT_TIME_ZONE } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { addDays, dateIn, startOfDateIn } from '../../lib/zoned-dates.js';
import { bookmarkLabels, bookmarks, calendarEvents, noteLabels, notes, todoLabels, todos, users, workspaceLabels } from '../schema/index.js';

const DEMO_STUDENTS = ['student', 'schoolstudent'];

/**
 * A few notes, bookmarks, labels, to-dos and an event for the demo students, so that the
 * workspace screens have something to show. Skips a student who already has any label.
 */
export async function seedWorkspace({ db, clock }: AppDeps): Promise<void> {
  const owners = await db.select({ id: users.id }).from(users).where(inArray(users.username, DEMO_STUDENTS));
  const now = clock.now();
  const today = dateIn(now, DEFAULT_TIME_ZONE);
  for (const { id: ownerId } of owners) {
    const [existing] = await db.select({ id: workspaceLabels.id }).from(workspaceLabels).where(eq(workspaceLabels.ownerId, ownerId)).limit(1);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const label = async (kind: string, name: string, handle: string) =>
        (await tx.insert(workspaceLabels).values({ ownerId, kind, name, handle, createdAt: now }).returning())[0]!.id;
      const biology = await label('note', 'Biology', 'biology');
      const physics = await label('note', 'Physics', 'physics');
      const papers = await label('bookmark', 'Previous papers', 'previous-papers');
      const videos = await label('bookmark', 'Videos', 'videos');
      const revision = await label('todo', 'Revision', 'revision');

      const stamp = { ownerId, createdAt: now, updatedAt: now };
      const [cell, optics] = await tx
        .insert(notes)
        .values([
          {
            ...stamp,
            title: 'Cell division',
            description: 'Mitosis gives two identical cells; meiosis gives four haploid cells.',
            checklist: [
              { id: 'seed-1', text: 'Prophase and metaphase', checked: true },
              { id: 'seed-2', text: 'Anaphase and telophase', checked: false },
            ],
            pinned: true,
            color: '#ccff90',
            reminder: new Date(startOfDateIn(addDays(today, 1), DEFAULT_TIME_ZONE).getTime() + 18 * 3600_000),
          },
          { ...stamp, title: 'Ray optics formulas', description: '1/f = 1/v − 1/u; magnification m = v/u.', color: '#aecbfa' },
          { ...stamp, title: 'Old mock test mistakes', description: 'Units in kinematics questions.', archive: true },
        ])
        .returning({ id: notes.id });
      await tx.insert(noteLabels).values([
        { noteId: cell!.id, labelId: biology },
        { noteId: optics!.id, labelId: physics },
      ]);

      const [ncert, khan] = await tx
        .insert(bookmarks)
        .values([
          { ...stamp, title: 'NCERT textbooks', link: 'https://ncert.nic.in/textbook.php', description: 'https://ncert.nic.in/textbook.php' },
          { ...stamp, title: 'Khan Academy Biology', link: 'https://www.khanacademy.org/science/biology', description: 'https://www.khanacademy.org/science/biology' },
          { ...stamp, title: 'NTA NEET', link: 'https://neet.nta.nic.in/', description: 'https://neet.nta.nic.in/' },
        ])
        .returning({ id: bookmarks.id });
      await tx.insert(bookmarkLabels).values([
        { bookmarkId: ncert!.id, labelId: papers },
        { bookmarkId: khan!.id, labelId: videos },
      ]);

      const [first] = await tx
        .insert(todos)
        .values([
          { ...stamp, title: 'Revise human physiology', notes: 'Chapters 17–22', dueDate: today, starred: true },
          { ...stamp, title: 'Solve 50 chemistry MCQs', dueDate: addDays(today, 2), important: true },
          { ...stamp, title: 'Finish the organic chemistry worksheet', dueDate: addDays(today, -1) },
          { ...stamp, title: 'Read the NEET information bulletin', completed: true },
        ])
        .returning({ id: todos.id });
      await tx.insert(todoLabels).values({ todoId: first!.id, labelId: revision });

      const classStart = new Date(startOfDateIn(addDays(today, 3), DEFAULT_TIME_ZONE).getTime() + 10 * 3600_000);
      await tx.insert(calendarEvents).values({
        ...stamp,
        title: 'Doubt-clearing session',
        description: 'Physics: electrostatics',
        startsAt: classStart,
        endsAt: new Date(classStart.getTime() + 3600_000),
        color: '#fbbc04',
      });
    });
  }
}
