import { eventPayloads } from './subscriptions.service';

describe(eventPayloads.name, () => {
  it.each<[string, 'create' | 'update' | 'delete', unknown, boolean, unknown[]]>([
    ['a batch created, item by item', 'create', [{ id: 1 }, { id: 2 }], false, [[{ id: 1 }], [{ id: 2 }]]],
    ['one item created', 'create', [{ id: 1 }], false, [[{ id: 1 }]]],
    ['a batch updated, in one message', 'update', [{ id: 1 }, { id: 2 }], false, [[{ id: 1 }, { id: 2 }]]],
    ['a batch deleted, in one message', 'delete', ['1', '2'], false, [['1', '2']]],
    ['an item subscription, the item itself', 'create', { id: 1 }, true, [{ id: 1 }]],
  ])('%s', (_label, action, data, itemSubscription, expected) =>
    expect(eventPayloads(action, data, itemSubscription)).toEqual(expected),
  );
});
