import type { SchemaApplyStep } from '../../../common/errors/errors';
import { describeInterrupted, interruptedApply } from './interrupted-apply';

const steps: SchemaApplyStep[] = [
  { index: 0, action: 'create_collection', collection: 'posts' },
  { index: 1, action: 'create_field', collection: 'posts', field: 'title' },
  { index: 2, action: 'delete_collection', collection: 'old' },
];
const at = new Date('2026-11-25T10:00:00.000Z');

describe('interruptedApply', () => {
  it.each([
    [0, 0, 3],
    [2, 2, 1],
    [3, 3, 0],
  ])('%i committed: %i applied, %i not', (committed, applied, rest) => {
    const run = interruptedApply(steps, committed, at);
    expect([run.applied.length, run.not_applied.length, run.started_on]).toEqual([
      applied,
      rest,
      '2026-11-25T10:00:00.000Z',
    ]);
  });
});

describe('describeInterrupted', () => {
  it.each([
    [
      0,
      'none of its steps were applied; not applied: create_collection posts, create_field posts.title, delete_collection old.',
    ],
    [
      2,
      '2 of 3 steps were applied (create_collection posts, create_field posts.title); not applied: delete_collection old.',
    ],
    [3, '3 of 3 steps were applied (create_collection posts, create_field posts.title, delete_collection old).'],
  ])('%i committed', (committed, text) => {
    expect(describeInterrupted(interruptedApply(steps, committed, at))).toContain(text.replace(/\.$/, ''));
  });
});
