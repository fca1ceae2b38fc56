import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/stub-api';
import { questionBankKeys } from './question-bank-keys';
import { useSaveQuestion } from './question-bank-api';

afterEach(() => vi.unstubAllGlobals());

describe('useSaveQuestion', () => {
  it('stays pending until the saved question has been read back, so the editor remounts before the save ends', async () => {
    stubApi((call) => (call.method === 'POST' ? { body: { questionId: 7, currentVersion: 2 } } : undefined));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // The editor's question, read again after the save; its answer is held until let go.
    let readBack: ((version: number) => void) | undefined;
    let reads = 0;
    const { result } = renderHook(
      () => ({
        save: useSaveQuestion(),
        question: useQuery({
          queryKey: questionBankKeys.question(7),
          queryFn: () => {
            reads += 1;
            return reads === 1 ? Promise.resolve(1) : new Promise<number>((resolve) => (readBack = resolve));
          },
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.question.data).toBe(1));

    act(() => result.current.save.mutate({ update: { questionId: 7, currentVersion: 1 } as never }));
    await waitFor(() => expect(readBack).toBeDefined());
    expect(result.current.save.isPending).toBe(true);

    act(() => readBack!(2));
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    expect(result.current.question.data).toBe(2);
  });
});
