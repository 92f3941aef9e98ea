import { adjustDate, resolveVariables, variableFields } from './resolve-variables';

const now = new Date('2024-03-31T12:00:00.000Z');
const vars = { now, user: 'u1', role: 'r1', userFields: { email: 'a@b.c' }, roleFields: { name: 'Editors' } };

describe(adjustDate.name, () => {
  it.each([
    ['-1 year', '2023-03-31T12:00:00.000Z'],
    ['+2 hours', '2024-03-31T14:00:00.000Z'],
    ['-3 days', '2024-03-28T12:00:00.000Z'],
    ['1 week', '2024-04-07T12:00:00.000Z'],
    ['-30 minutes', '2024-03-31T11:30:00.000Z'],
  ])('%s', (adjustment, expected) => expect(adjustDate(now, adjustment)?.toISOString()).toBe(expected));
  it.each(['soon', '-1000000 years', '+99999999999 days', '9999999999999999 seconds'])('refuses %j', (adjustment) =>
    expect(adjustDate(now, adjustment)).toBeNull(),
  );
});

describe(variableFields.name, () => {
  it.each([
    [
      { a: { _eq: '$CURRENT_USER.email' }, b: { _in: ['$CURRENT_ROLE.name', '$CURRENT_USER.title'] } },
      { user: ['email', 'title'], role: ['name'] },
    ],
    [{ a: { _eq: '$CURRENT_USER' } }, { user: [], role: [] }],
    [undefined, { user: [], role: [] }],
  ])('%j', (value, expected) => expect(variableFields(value)).toEqual(expected));
});

describe(resolveVariables.name, () => {
  it.each([
    [{ a: { _eq: '$CURRENT_USER' } }, { a: { _eq: 'u1' } }],
    [{ a: { _eq: '$CURRENT_ROLE' } }, { a: { _eq: 'r1' } }],
    [{ a: { _lt: '$NOW' } }, { a: { _lt: '2024-03-31T12:00:00.000Z' } }],
    [{ _or: [{ a: { _gte: '$NOW(-1 day)' } }] }, { _or: [{ a: { _gte: '2024-03-30T12:00:00.000Z' } }] }],
    [{ a: { _in: ['$CURRENT_USER', 'x'] } }, { a: { _in: ['u1', 'x'] } }],
    [{ a: { _in: '$CURRENT_ROLES' } }, { a: { _in: ['r1'] } }],
    [{ a: { _in: ['$CURRENT_ROLES', 'r9'] } }, { a: { _in: ['r1', 'r9'] } }],
    [{ a: { _eq: '$OTHER' } }, { a: { _eq: '$OTHER' } }],
    [{ a: { _eq: '$CURRENT_USER.email' } }, { a: { _eq: 'a@b.c' } }],
    [{ a: { _eq: '$CURRENT_ROLE.name' } }, { a: { _eq: 'Editors' } }],
    [{ a: { _eq: '$CURRENT_USER.missing' } }, { a: { _eq: null } }],
    [{ a: { _in: '$CURRENT_POLICIES' } }, { a: { _in: [] } }],
  ])('%j', (filter, expected) => expect(resolveVariables(filter, vars)).toEqual(expected));

  const nested = { ...vars, roles: ['r1', 'r0'], policies: ['p1', 'p2'] };
  it.each([
    [{ a: { _in: '$CURRENT_ROLES' } }, { a: { _in: ['r1', 'r0'] } }],
    [{ a: { _in: '$CURRENT_POLICIES' } }, { a: { _in: ['p1', 'p2'] } }],
    [{ a: { _in: ['$CURRENT_POLICIES', 'p9'] } }, { a: { _in: ['p1', 'p2', 'p9'] } }],
    [{ a: { _eq: '$CURRENT_ROLE' } }, { a: { _eq: 'r1' } }],
  ])('with a role chain and policies: %j', (filter, expected) =>
    expect(resolveVariables(filter, nested)).toEqual(expected),
  );
});
