import type { Permission } from '../permissions.service';
import { mergeRules } from './merge-rules';

const rule = (over: Partial<Permission>): Permission => ({
  collection: 'a',
  action: 'read',
  fields: null,
  permissions: null,
  validation: null,
  presets: null,
  ...over,
});

describe(mergeRules.name, () => {
  it.each<[string, Permission[][], Permission[]]>([
    [
      'one policy: its rules as they are',
      [[rule({ fields: ['x'] }), rule({ action: 'create' })]],
      [rule({ fields: ['x'] }), rule({ action: 'create' })],
    ],
    [
      'within one policy the first rule counts',
      [[rule({ fields: ['x'] }), rule({ fields: ['y'] })]],
      [rule({ fields: ['x'] })],
    ],
    [
      'row filters of two policies: either',
      [[rule({ permissions: { x: { _eq: 1 } } })], [rule({ permissions: { y: { _eq: 2 } } })]],
      [rule({ permissions: { _or: [{ x: { _eq: 1 } }, { y: { _eq: 2 } }] } })],
    ],
    [
      'a policy without a filter opens every row',
      [[rule({ permissions: { x: { _eq: 1 } } })], [rule({ permissions: {} })]],
      [rule({})],
    ],
    ['fields: the union', [[rule({ fields: ['x'] })], [rule({ fields: ['y', 'x'] })]], [rule({ fields: ['x', 'y'] })]],
    ['fields: every field wins', [[rule({ fields: ['x'] })], [rule({ fields: ['*'] })]], [rule({})]],
    ['validation: either', [[rule({ validation: { x: { _gt: 1 } } })], [rule({ validation: null })]], [rule({})]],
    [
      'presets: later over earlier',
      [[rule({ presets: { a: 1, b: 1 } })], [rule({ presets: { b: 2 } })]],
      [rule({ presets: { a: 1, b: 2 } })],
    ],
    [
      'different actions stay apart',
      [[rule({})], [rule({ action: 'update' })]],
      [rule({}), rule({ action: 'update' })],
    ],
  ])('%s', (_, lists, expected) => expect(mergeRules(lists)).toEqual(expected));
});
