import { WORKSPACE_ERRORS, type Label } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { LabelRepository, LabelRow } from './workspace.repository.js';

/** A URL-safe slug that keeps letters of any script (Tamil names stay readable). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'label';
}

export const toLabel = (row: LabelRow): Label => ({ id: row.id, name: row.name, handle: row.handle });

/**
 * Label rules shared by notes, bookmarks and to-do: names unique per owner (case-insensitive),
 * a handle unique per owner, another owner's label is "not found", and item label lists may
 * only name the owner's own labels.
 */
export function createLabelService(deps: { repo: LabelRepository; clock: Clock }) {
  const { repo, clock } = deps;

  /** The handle for `name`, suffixed -2, -3… when another label already uses the slug. */
  async function handleFor(ownerId: number, name: string, exceptId?: number): Promise<string> {
    const base = slugify(name);
    const others = (await repo.similar(ownerId, name, base)).filter((row) => row.id !== exceptId);
    if (others.some((row) => row.name.toLowerCase() === name.toLowerCase())) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_TAKEN);
    const used = new Set(others.map((row) => row.handle));
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    async list(actor: Actor): Promise<Label[]> {
      return (await repo.list(actor.userId)).map(toLabel);
    },

    async create(actor: Actor, title: string): Promise<Label> {
      const handle = await handleFor(actor.userId, title);
      const row = await repo.create({ ownerId: actor.userId, name: title, handle, createdAt: clock.now() });
      if (!row) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_TAKEN);
      return toLabel(row);
    },

    async edit(actor: Actor, labelId: number, title: string): Promise<Label> {
      const existing = await repo.findOwned(actor.userId, labelId);
      if (!existing) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_NOT_FOUND);
      const handle = existing.name === title ? existing.handle : await handleFor(actor.userId, title, labelId);
      const row = await repo.rename(actor.userId, labelId, { name: title, handle });
      if (row === 'taken') throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_TAKEN);
      if (!row) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_NOT_FOUND);
      return toLabel(row);
    },

    async remove(actor: Actor, labelId: number): Promise<{ id: number }> {
      if (!(await repo.delete(actor.userId, labelId))) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_NOT_FOUND);
      return { id: labelId };
    },

    /** Throws 400 unless every id is one of the actor's labels of this kind. */
    async assertOwned(actor: Actor, ids: number[]): Promise<void> {
      const owned = new Set(await repo.ownedIds(actor.userId, ids));
      if (ids.some((id) => !owned.has(id))) {
        throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_INVALID, { fields: { labels: 'labelInvalid' } });
      }
    },
  };
}

export type LabelService = ReturnType<typeof createLabelService>;
