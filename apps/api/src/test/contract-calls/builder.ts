// The contract test's calls of the ad builder's drafts and their export.
import { builderDocumentOf, defaultAdBuilderState } from '@adconsole/domain';
import type { Calls, ContractWorld } from './world';

/** The ad builder's drafts and their export. */
export function builderCalls(world: ContractWorld): Calls {
  const newDraft = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/builder/drafts', {
        name: 'Contract draft',
        document: builderDocumentOf(defaultAdBuilderState()),
      })
    ).body.data?.id ?? '';
  return {
    getV1BuilderDrafts: () => world.admin.get('/v1/builder/drafts'),
    postV1BuilderDrafts: () =>
      world.admin.post('/v1/builder/drafts', {
        name: 'Draft',
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    putV1BuilderDrafts: async () =>
      world.admin.put('/v1/builder/drafts', {
        id: await newDraft(),
        name: 'Renamed',
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    deleteV1BuilderDrafts: async () => world.admin.delete(`/v1/builder/drafts?id=${await newDraft()}`),
    postV1BuilderCreative: async () =>
      world.admin.post('/v1/builder/creative', { id: await newDraft(), campaignID: world.campaignID }),
    postV1BuilderExport: async () =>
      world.admin.post('/v1/builder/export', { id: await newDraft(), campaignID: world.campaignID }),
  };
}
