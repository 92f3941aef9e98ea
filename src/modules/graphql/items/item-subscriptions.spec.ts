import { ForbiddenError } from '../../../common/errors/errors';
import type { ItemEvent } from '../../items/item-events.service';
import type { PrimaryKey } from '../../items/items.service';
import { ItemMutation, watchItemEvents } from './item-subscriptions';

/** A bus of one listener at a time, as RealtimeBusService hands events out. */
function fakeSource() {
  const listeners = new Set<(e: ItemEvent) => void>();
  return {
    listeners,
    on: (listener: (e: ItemEvent) => void) => (listeners.add(listener), () => listeners.delete(listener)),
    emit: (event: ItemEvent) => listeners.forEach((l) => l(event)),
  };
}

/** Key 13 is an item the subscriber may not read; the others read back as `{ id }`; key 99 fails the whole read. */
const read = async (keys: PrimaryKey[]) => {
  if (keys.includes(99)) throw new ForbiddenError();
  return new Map(keys.filter((key) => key !== 13).map((key) => [String(key), { id: key }]));
};

/** As `read`: key 13's delete the subscriber may not hear of. */
const deleted = async (keys: PrimaryKey[]) => keys.filter((key) => key !== 13);

async function take(iterator: AsyncIterator<ItemMutation>, count: number): Promise<ItemMutation[]> {
  const out: ItemMutation[] = [];
  while (out.length < count) out.push((await iterator.next()).value);
  return out;
}

describe(watchItemEvents.name, () => {
  it.each<[string, 'create' | 'update' | 'delete' | undefined, ItemEvent[], ItemMutation[]]>([
    [
      'one event per key, in order, deletes without data',
      undefined,
      [
        { collection: 'posts', action: 'create', keys: [1, 2] },
        { collection: 'posts', action: 'delete', keys: [1] },
      ],
      [
        { key: 1, event: 'create', data: { id: 1 } },
        { key: 2, event: 'create', data: { id: 2 } },
        { key: 1, event: 'delete', data: null },
      ],
    ],
    [
      'no delete of an item the subscriber could not read',
      'delete',
      [
        { collection: 'posts', action: 'delete', keys: [13] },
        { collection: 'posts', action: 'delete', keys: [13, 4] },
      ],
      [{ key: 4, event: 'delete', data: null }],
    ],
    [
      'only its collection and action, and not what the subscriber may not read',
      'update',
      [
        { collection: 'other', action: 'update', keys: [5] },
        { collection: 'posts', action: 'create', keys: [6] },
        { collection: 'posts', action: 'update', keys: [13, 7] },
      ],
      [{ key: 7, event: 'update', data: { id: 7 } }],
    ],
    [
      'nothing of a write whose read fails, the next write still',
      undefined,
      [
        { collection: 'posts', action: 'create', keys: [99, 8] },
        { collection: 'posts', action: 'create', keys: [9] },
      ],
      [{ key: 9, event: 'create', data: { id: 9 } }],
    ],
  ])('%s', async (_label, only, events, expected) => {
    const source = fakeSource();
    const iterator = watchItemEvents(source, 'posts', only, read, deleted);
    for (const event of events) source.emit(event);
    expect(await take(iterator, expected.length)).toEqual(expected);
  });

  it('stops listening when the subscription ends', async () => {
    const source = fakeSource();
    const iterator = watchItemEvents(source, 'posts', undefined, read, deleted);
    expect(source.listeners.size).toBe(1);
    await iterator.return();
    expect(source.listeners.size).toBe(0);
  });
});
