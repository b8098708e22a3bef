// The contract test's call of bulk upload (docs/product.md §7, "Bulk upload"): one image sent directly.
import type { Calls, ContractWorld } from './world';

/** The smallest PNG the image checks take: its signature and an IHDR saying 300 x 250. */
function pngHeader(): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(300, 16);
  header.writeUInt32BE(250, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(6, 25);
  return header;
}

export function bulkUploadCalls(world: ContractWorld): Calls {
  return {
    postV1CreativeBulk: () => {
      const form = new FormData();
      form.append('campaignID', world.campaignID);
      form.append('files[]', new Blob([new Uint8Array(pngHeader())]), 'Bulk 300x250.png');
      return world.admin.post('/v1/creative/bulk', form);
    },
  };
}
