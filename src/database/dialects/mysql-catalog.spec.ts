import { MysqlColumnRow, mysqlColumn, mysqlSizes, mysqlSpelling, MysqlSpelling, versionAtLeast } from './mysql-catalog';

const DEFAULTS: MysqlSpelling['defaults'] = {
  varchar: { length: 255 },
  char: { length: 1 },
  decimal: { precision: 10, scale: 0 },
  double: { precision: 22 },
  datetime: { precision: 0 },
  int: { width: 11 },
  tinyint: { width: 4 },
  bigint: { width: 20 },
};
const MARIADB: MysqlSpelling = {
  mariaDb: true,
  quotedDefaults: true,
  widths: true,
  defaults: DEFAULTS,
  withLengthTypes: ['varchar', 'char'],
};

function row(values: Partial<MysqlColumnRow>): MysqlColumnRow {
  return {
    TABLE_NAME: 't',
    COLUMN_NAME: 'c',
    DATA_TYPE: 'int',
    COLUMN_TYPE: 'int(11)',
    COLUMN_DEFAULT: null,
    IS_NULLABLE: 'YES',
    EXTRA: '',
    GENERATION_EXPRESSION: null,
    CHARACTER_MAXIMUM_LENGTH: null,
    NUMERIC_PRECISION: null,
    NUMERIC_SCALE: null,
    DATETIME_PRECISION: null,
    ...values,
  };
}

describe(mysqlSizes.name, () => {
  it.each([
    [
      'an int of the default width',
      { COLUMN_TYPE: 'int(11)', NUMERIC_PRECISION: 10, NUMERIC_SCALE: 0 },
      'int',
      MARIADB,
      { length: '' },
    ],
    ['a boolean (tinyint(1))', { COLUMN_TYPE: 'tinyint(1)' }, 'tinyint', MARIADB, { length: '', width: 1 }],
    [
      'an unsigned int, one digit narrower by default',
      { COLUMN_TYPE: 'int(10) unsigned' },
      'int',
      MARIADB,
      { length: '' },
    ],
    ['no widths on MySQL 8', { COLUMN_TYPE: 'tinyint(1)' }, 'tinyint', { ...MARIADB, widths: false }, { length: '' }],
    ['a varchar of the default length', { CHARACTER_MAXIMUM_LENGTH: 255 }, 'varchar', MARIADB, { length: '' }],
    ['a varchar(36)', { CHARACTER_MAXIMUM_LENGTH: 36 }, 'varchar', MARIADB, { length: '36' }],
    ['a text: no length', { CHARACTER_MAXIMUM_LENGTH: 65535 }, 'text', MARIADB, { length: '' }],
    ['decimal(10,5)', { NUMERIC_PRECISION: 10, NUMERIC_SCALE: 5 }, 'decimal', MARIADB, { length: '', scale: 5 }],
    ['decimal(12,0)', { NUMERIC_PRECISION: 12, NUMERIC_SCALE: 0 }, 'decimal', MARIADB, { length: '', precision: 12 }],
    [
      'a double of the default precision',
      { NUMERIC_PRECISION: 22, NUMERIC_SCALE: null },
      'double',
      MARIADB,
      { length: '' },
    ],
    ['datetime', { DATETIME_PRECISION: 0 }, 'datetime', MARIADB, { length: '' }],
    ['datetime(3)', { DATETIME_PRECISION: 3 }, 'datetime', MARIADB, { length: '', precision: 3 }],
  ])('%s', (_label, values, type, spelling, expected) => {
    expect(mysqlSizes(row(values), type, spelling)).toStrictEqual(expected);
  });
});

describe(`${mysqlColumn.name}: defaults`, () => {
  it.each([
    ['no default', null, MARIADB, undefined],
    ["MariaDB's NULL", 'NULL', MARIADB, undefined],
    ['a literal MariaDB quotes already', "'draft'", MARIADB, "'draft'"],
    ['a number', '3', MARIADB, '3'],
    ["MariaDB's current_timestamp()", 'current_timestamp()', MARIADB, 'CURRENT_TIMESTAMP()'],
    ['a literal MySQL gives bare', 'draft', { ...MARIADB, mariaDb: false, quotedDefaults: false }, "'draft'"],
    [
      'the text NULL on MySQL, a literal there',
      'NULL',
      { ...MARIADB, mariaDb: false, quotedDefaults: false },
      "'NULL'",
    ],
  ])('%s', (_label, sql, spelling, expected) => {
    expect(mysqlColumn(row({ COLUMN_DEFAULT: sql }), new Set(), new Set(), spelling).default).toBe(expected);
  });

  it('reads an auto-increment primary key', () => {
    expect(
      mysqlColumn(row({ EXTRA: 'auto_increment', IS_NULLABLE: 'NO' }), new Set(['c']), new Set(), MARIADB),
    ).toMatchObject({
      isPrimary: true,
      isNullable: false,
      isGenerated: true,
      generationStrategy: 'increment',
    });
  });

  it("leaves a MariaDB generated column's nullability at TypeORM's false", () => {
    expect(mysqlColumn(row({ GENERATION_EXPRESSION: '`a` + 1' }), new Set(), new Set(), MARIADB).isNullable).toBe(
      false,
    );
  });
});

describe(versionAtLeast.name, () => {
  it.each([
    ['10.11.19-MariaDB-0+deb12u1', [10, 2, 7], true],
    ['10.2.7-MariaDB', [10, 2, 7], true],
    ['10.2.6-MariaDB', [10, 2, 7], false],
    ['5.7.44', [8], false],
    ['8.0.36', [8], true],
  ])('%s ≥ %j: %s', (version, least, expected) => expect(versionAtLeast(version, least)).toBe(expected));
});

describe(mysqlSpelling.name, () => {
  const driver = (type: string, version: string) => ({
    options: { type },
    version,
    dataTypeDefaults: DEFAULTS,
    withLengthColumnTypes: ['varchar'],
  });

  it.each([
    ['MariaDB 10.11', driver('mariadb', '10.11.19-MariaDB'), { mariaDb: true, quotedDefaults: true, widths: true }],
    ['MySQL 8', driver('mysql', '8.0.36'), { mariaDb: false, quotedDefaults: false, widths: false }],
    ['MySQL 5.7', driver('mysql', '5.7.44'), { mariaDb: false, quotedDefaults: false, widths: true }],
  ])('%s', (_label, given, expected) => expect(mysqlSpelling(given)).toMatchObject(expected));
});
