import { InvalidPayloadError } from '../../common/errors/errors';
import type { ItemsService } from '../items/items.service';
import { shareVariants, variantStem } from './lib/disk-name';

/**
 * Refuses a client-chosen `filename_disk` that would share stored transformations with another file of
 * the same storage location (`abc.png` beside `abc.jpg`, or the same name): each would be served the
 * other's variants, and deleting one would delete the other's. `files` is the internal engine on svc_files.
 */
export async function assertOwnVariants(
  files: ItemsService,
  storage: string,
  disk: string,
  self: string,
): Promise<void> {
  const candidates = await files.readByQuery({
    fields: ['filename_disk'],
    filter: {
      _and: [
        { storage: { _eq: storage } },
        { filename_disk: { _starts_with: variantStem(disk) } },
        { id: { _neq: self } },
      ],
    },
    limit: -1,
  });
  if (candidates.some((row) => typeof row.filename_disk === 'string' && shareVariants(row.filename_disk, disk))) {
    throw new InvalidPayloadError(`"filename_disk" "${disk}" is too close to the storage name of another file`);
  }
}
