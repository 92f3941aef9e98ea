import { CatalogColumn, CatalogTable, TypeDefaults, withTypeDefaults } from './catalog';

const MYSQL: TypeDefaults = {
  dataTypeDefaults: {
    varchar: { length: 255 },
    char: { length: 1 },
    decimal: { precision: 10, scale: 0 },
    double: { precision: 22 },
  },
  withLengthColumnTypes: ['varchar', 'char'],
};

function table(column: Partial<CatalogColumn>): CatalogTable {
  const full: CatalogColumn = {
    name: 'c',
    type: 'varchar',
    length: '',
    isNullable: true,
    isPrimary: false,
    isUnique: false,
    isGenerated: false,
    ...column,
  };
  return { name: 't', columns: [full], indices: [], uniques: [], foreignKeys: [] };
}

describe('withTypeDefaults', () => {
  it.each([
    ['a varchar of the default length', { type: 'varchar', length: '' }, '255'],
    ['a char of the default length', { type: 'char', length: '' }, '1'],
    ['a declared length, kept', { type: 'varchar', length: '40' }, '40'],
    ['a type with no length', { type: 'text', length: '' }, ''],
  ])('length: %s', (_label, column, expected) => {
    expect(withTypeDefaults(MYSQL, [table(column)])[0].columns[0].length).toBe(expected);
  });

  it.each([
    ['a decimal of the default precision and scale', { type: 'decimal' }, [10, 0]],
    ['a decimal of the default precision', { type: 'decimal', scale: 5 }, [10, 5]],
    ['a declared precision and scale, kept', { type: 'decimal', precision: 12, scale: 4 }, [12, 4]],
    ["a float, whose precision is the vendor's own", { type: 'double' }, [undefined, undefined]],
    ['a type without defaults', { type: 'int' }, [undefined, undefined]],
  ])('precision and scale: %s', (_label, column, expected) => {
    const [read] = withTypeDefaults(MYSQL, [table({ length: '', ...column })])[0].columns;
    expect([read.precision, read.scale]).toEqual(expected);
  });

  it('leaves every length alone where the driver has no defaults (SQLite)', () => {
    expect(withTypeDefaults({ withLengthColumnTypes: ['varchar'] }, [table({ length: '' })])[0].columns[0].length).toBe(
      '',
    );
  });
});
