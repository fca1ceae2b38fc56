import type { LabelActions } from './label-manager-dialog';

interface AsyncMutation<Input> {
  mutateAsync: (input: Input) => Promise<unknown>;
}

/** The label manager's actions from a feature's create/rename/delete label mutations. */
export function labelActionsOf(mutations: {
  create: AsyncMutation<string>;
  rename: AsyncMutation<{ labelId: number; title: string }>;
  remove: AsyncMutation<number>;
}): LabelActions {
  return {
    onCreate: (title) => mutations.create.mutateAsync(title),
    onRename: (labelId, title) => mutations.rename.mutateAsync({ labelId, title }),
    onDelete: (labelId) => mutations.remove.mutateAsync(labelId),
  };
}
