import { fieldTypeOfColumn } from './field-type-of-column';

describe(fieldTypeOfColumn.name, () => {
  it.each([
    ['tinyint', undefined, 1, 'boolean'],
    ['boolean', undefined, undefined, 'boolean'],
    ['tinyint', undefined, 4, 'integer'],
    ['uuid', undefined, undefined, 'uuid'],
    ['char', '36', undefined, 'uuid'],
    ['varchar', '36', undefined, 'uuid'],
    ['varchar', '255', undefined, 'string'],
    ['character varying', '64', undefined, 'string'],
    ['int', undefined, undefined, 'integer'],
    ['integer', undefined, undefined, 'integer'],
    ['bigint', undefined, undefined, 'bigInteger'],
    ['double precision', undefined, undefined, 'float'],
    ['numeric', undefined, undefined, 'decimal'],
    ['jsonb', undefined, undefined, 'json'],
    ['date', undefined, undefined, 'date'],
    ['time', undefined, undefined, 'time'],
    ['timestamp with time zone', undefined, undefined, 'timestamp'],
    ['datetime', undefined, undefined, 'dateTime'],
    ['timestamp', undefined, undefined, 'dateTime'],
    ['longtext', undefined, undefined, 'text'],
    ['text', undefined, undefined, 'text'],
  ] as const)('%s(%s) width %s → %s', (type, length, width, expected) =>
    expect(fieldTypeOfColumn(type, length, width)).toBe(expected),
  );
});
