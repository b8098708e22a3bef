// The contract test's calls of the file manager.
import { demoAsset, uniqueEmail } from '../helpers';
import type { Calls, ContractWorld } from './world';

/** The file manager. */
export function fileCalls(world: ContractWorld): Calls {
  /** A PNG put into the file manager through its presigned URL; answers its path. */
  const managedFile = async () => {
    const name = `file-${uniqueEmail().split('@')[0]}.png`;
    const png = await demoAsset('banner.png');
    const ticket = await world.admin.post<{ url: string; headers: Record<string, string> }>(
      '/v1/files/upload',
      {
        name,
        size: png.length,
      },
    );
    const put = await fetch(new URL(ticket.body.data?.url ?? '', world.server.url), {
      method: 'PUT',
      headers: ticket.body.data?.headers ?? {},
      body: new Uint8Array(png),
    });
    if (put.status !== 200) throw new Error(`PUT ${put.status}`);
    return name;
  };
  return {
    getV1FilesBuckets: () => world.admin.get('/v1/files/buckets'),
    getV1Files: () => world.admin.get('/v1/files'),
    postV1FilesFolder: () =>
      world.admin.post('/v1/files/folder', { name: `folder-${uniqueEmail().split('@')[0]}` }),
    postV1FilesUpload: () => world.admin.post('/v1/files/upload', { name: 'contract.png', size: 3 }),
    getV1FilesUrl: async () => world.admin.get(`/v1/files/url?path=${await managedFile()}`),
    postV1FilesMove: async () =>
      world.admin.post('/v1/files/move', { from: await managedFile(), to: `moved-${Date.now()}.png` }),
    deleteV1Files: async () => world.admin.delete(`/v1/files?path=${await managedFile()}`),
    postV1FilesUse: async () =>
      world.admin.post('/v1/files/use', { path: await managedFile(), creativeID: world.creativeID }),
  };
}
