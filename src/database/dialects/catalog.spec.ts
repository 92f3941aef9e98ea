import { CatalogColumn, CatalogTable, LengthDefaults, withDefaultLengths } from './catalog';

const MYSQL: LengthDefaults = { dataTypeDefaults: { varchar: { length: 255 }, char: { length: 1 }, decimal: { precision: 10 } }, withLengthColumnTypes: ['varchar', 'char'] };

function table(column: Partial<CatalogColumn>): CatalogTable {
  const full: CatalogColumn = { name: 'c', type: 'varchar', length: '', isNullable: true, isPrimary: false, isUnique: false, isGenerated: false, ...column };
  return { name: 't', columns: [full], indices: [], uniques: [], foreignKeys: [] };
}

describe('withDefaultLengths', () => {
  it.each([
    ['a varchar of the default length', { type: 'varchar', length: '' }, '255'],
    ['a char of the default length', { type: 'char', length: '' }, '1'],
    ['a declared length, kept', { type: 'varchar', length: '40' }, '40'],
    ['a type with no length', { type: 'text', length: '' }, ''],
    ['a type with defaults but no length', { type: 'decimal', length: '' }, ''],
  ])('%s', (_label, column, expected) => {
    expect(withDefaultLengths(MYSQL, [table(column)])[0].columns[0].length).toBe(expected);
  });

  it('leaves every length alone where the driver has no defaults (SQLite)', () => {
    expect(withDefaultLengths({ withLengthColumnTypes: ['varchar'] }, [table({ length: '' })])[0].columns[0].length).toBe('');
  });
});
