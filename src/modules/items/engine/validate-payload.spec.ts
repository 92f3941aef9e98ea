import { validatePayload } from './validate-payload';

describe(validatePayload.name, () => {
  it.each([
    [{ title: 'abc' }, { title: { _regex: '^a' } }, false, []],
    [{ title: 'xbc' }, { title: { _regex: '^a' } }, false, ['title']],
    [{ n: 5 }, { n: { _between: [1, 10] } }, false, []],
    [{ n: 50 }, { n: { _lte: 10 } }, false, ['n']],
    [{}, { title: { _nnull: true } }, false, ['title']],
    [{}, { title: { _nnull: true } }, true, []],
    [{ a: 1 }, { _or: [{ a: { _eq: 2 } }, { a: { _eq: 1 } }] }, false, []],
    [{ a: 3 }, { _or: [{ a: { _eq: 2 } }, { a: { _eq: 1 } }] }, false, ['a', 'a']],
    [{ status: 'draft' }, { status: { _in: ['draft', 'published'] } }, false, []],
    [{ title: 'Hello' }, { _and: [{ title: { _icontains: 'ell' } }, { title: { _starts_with: 'H' } }] }, false, []],
    [{ title: 'Hello' }, { title: { _nicontains: 'ELL' } }, false, ['title']],
    [{ title: 'Hello' }, { title: { _nends_with: 'x' } }, false, []],
    [{ title: 'Hello' }, { title: { _nieq: 'HELLO' } }, false, ['title']],
    [{ title: null }, { title: { _neq: null } }, false, ['title']],
    [{ title: '' }, { title: { _nempty: true } }, false, ['title']],
    [{ status: 'x' }, { status: { _nin: 'x,y' } }, false, ['status']],
    [{ day: '2024-02-01' }, { day: { _gt: '2024-01-31' } }, false, []],
    [{ n: 5 }, { n: { _nbetween: [1, 10] } }, false, ['n']],
    [{ n: 5 }, { n: { _nbetween: [1] } }, false, ['n']],
    [{ n: 5 }, { n: { _unknown: 1 } }, false, []],
  ])('%j against %j (partial %s)', (payload, filter, partial, failed) =>
    expect(validatePayload(payload, filter, partial).map((e) => e.extensions?.field)).toEqual(failed),
  );
});
