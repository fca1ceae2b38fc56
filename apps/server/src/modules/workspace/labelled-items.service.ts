import { WORKSPACE_ERRORS } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { canUseWorkspaceRecord, workspaceOwnerOf } from './workspace.policy.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { createLabelService } from './labels.service.js';
import { LabelGoneError } from './workspace.errors.js';
import type { LabelRepository } from './workspace.repository.js';

/** The part of a notes/bookmarks/to-do repository these rules rely on. */
export interface LabelledItemStore<Item> {
  labels: LabelRepository;
  findOwned(ownerId: number, id: number): Promise<Item | undefined>;
  delete(ownerId: number, id: number): Promise<boolean>;
}

/**
 * Rules notes, bookmarks and to-dos share: their label endpoints, "not found" for another
 * owner's item, and a label deleted during a write answered like a label the actor never had.
 */
export function createLabelledItemService<Item extends { ownerId: number }>(deps: { repo: LabelledItemStore<Item>; clock: Clock }) {
  const { repo, clock } = deps;
  const labels = createLabelService({ repo: repo.labels, clock });

  /** The item, or 404 when it is missing or not the actor's. */
  function found<T>(row: T | undefined): T {
    if (!row) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_ITEM_NOT_FOUND);
    return row;
  }

  return {
    labels,

    /** The four label handlers every kind exposes under the same names. */
    labelHandlers: {
      listLabels: labels.list,
      createLabel: labels.create,
      editLabel: labels.edit,
      deleteLabel: labels.remove,
    },

    found,

    async owned(actor: Actor, id: number): Promise<Item> {
      const row = await repo.findOwned(workspaceOwnerOf(actor), id);
      return found(row && canUseWorkspaceRecord(actor, row) ? row : undefined);
    },

    /** Runs a write that links labels; a label removed meanwhile becomes the 400 for a foreign label. */
    async write<T>(work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        if (error instanceof LabelGoneError) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_LABEL_INVALID, { fields: { labels: 'labelInvalid' } });
        throw error;
      }
    },

    async removeOwned(actor: Actor, id: number): Promise<{ id: number }> {
      if (!(await repo.delete(actor.userId, id))) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_ITEM_NOT_FOUND);
      return { id };
    },
  };
}
