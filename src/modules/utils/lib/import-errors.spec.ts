import { FailedValidationError, InvalidPayloadError } from '../../../common/errors/errors';
import { ImportErrors, rowsRefs } from './import-errors';

describe(rowsRefs.name, () => {
  it.each([
    [[], []],
    [[4], [{ type: 'lines', rows: [4] }]],
    [[2, 3, 4], [{ type: 'range', start: 2, end: 4 }]],
    [
      [9, 2, 3, 7, 3],
      [
        { type: 'range', start: 2, end: 3 },
        { type: 'lines', rows: [7, 9] },
      ],
    ],
    [
      [1, 2, 5, 6, 8],
      [
        { type: 'range', start: 1, end: 2 },
        { type: 'range', start: 5, end: 6 },
        { type: 'lines', rows: [8] },
      ],
    ],
  ])('%j → %j', (lines, expected) => expect(rowsRefs(lines)).toEqual(expected));
});

describe(ImportErrors.name, () => {
  it('groups by code and field, keeps each error class and status, and adds the lines', () => {
    const errors = new ImportErrors(10);
    errors.add(2, [new FailedValidationError({ field: 'title', type: 'required' })]);
    errors.add(3, [
      new FailedValidationError({ field: 'title', type: 'required' }),
      new InvalidPayloadError('Field "n" expects an integer'),
    ]);
    errors.add(5, [new InvalidPayloadError('Field "n" expects an integer')]);
    const list = errors.toError()!;
    expect(list.status).toBe(400);
    expect(list.errors[0]).toBeInstanceOf(FailedValidationError);
    expect(list.errors.map((e) => [e.code, e.extensions])).toEqual([
      ['FAILED_VALIDATION', { field: 'title', type: 'required', rows: [{ type: 'range', start: 2, end: 3 }] }],
      ['INVALID_PAYLOAD', { reason: 'Field "n" expects an integer', rows: [{ type: 'lines', rows: [3, 5] }] }],
    ]);
    expect(errors.count).toBe(3);
  });

  it('is full at its maximum and empty without errors', () => {
    const errors = new ImportErrors(2);
    expect(errors.toError()).toBeNull();
    errors.add(1, [new InvalidPayloadError('x')]);
    expect(errors.full).toBe(false);
    errors.add(2, [new InvalidPayloadError('x')]);
    expect(errors.full).toBe(true);
  });
});
