// @vitest-environment node
import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';

const key = (resource: string) => [resource, 'read', `/api/v1/${resource}`] as const;

/** A console cache holding one read of each resource, and the reads marked stale since. */
async function cacheWith(resources: string[]) {
  const queryClient = createQueryClient();
  for (const r of resources) await queryClient.prefetchQuery({ queryKey: key(r), queryFn: () => r });
  const stale = () => resources.filter((r) => queryClient.getQueryState(key(r))?.isInvalidated);
  return { queryClient, stale };
}

describe("the console's query cache", () => {
  it("marks the screens a react-admin delete of a klusser changes stale, and nothing else", async () => {
    const { queryClient, stale } = await cacheWith(['klussers', 'klussen', 'planning', 'dashboard', 'facturen']);
    await new MutationObserver(queryClient, { mutationKey: ['klussers', 'delete', { id: 'k1' }], mutationFn: async () => ({}) }).mutate();
    expect(stale()).toEqual(['klussers', 'klussen', 'planning', 'dashboard']);
  });

  it('marks the work orders stale after a new job (one with a klusser opens a work order), also when the write fails', async () => {
    const { queryClient, stale } = await cacheWith(['klussen', 'werkbonnen', 'facturen']);
    const failing = new MutationObserver(queryClient, {
      mutationKey: ['klussen', 'create', {}],
      mutationFn: () => Promise.reject(new Error('refused')),
    });
    await expect(failing.mutate()).rejects.toThrow('refused');
    expect(stale()).toEqual(['klussen', 'werkbonnen']);
  });

  it("leaves the cache alone for a write it has no table for (a custom action invalidates itself)", async () => {
    const { queryClient, stale } = await cacheWith(['klussen', 'facturen']);
    await new MutationObserver(queryClient, { mutationKey: ['facturen', 'update', {}], mutationFn: async () => ({}) }).mutate();
    await new MutationObserver(queryClient, { mutationFn: async () => ({}) }).mutate();
    expect(stale()).toEqual([]);
  });
});
