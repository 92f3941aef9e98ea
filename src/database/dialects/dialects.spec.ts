import { QueryFailedError } from 'typeorm';
import { ErrorCode } from '../../common/errors/error-codes';
import { DatabaseBusyError } from '../../common/errors/errors';
import { dialectFor } from './dialect-for';
import { DriverError } from './dialect';

function failure(query: string, driverError: DriverError): QueryFailedError {
  return new QueryFailedError(query, [], Object.assign(new Error(driverError.message ?? 'x'), driverError));
}

describe('dialects', () => {
  it.each([
    ['mysql', 'mysql', false, 'RAND()', true, false],
    ['mariadb', 'mysql', false, 'RAND()', true, false],
    ['postgres', 'postgres', true, 'RANDOM()', false, true],
    ['sqlite', 'sqlite', true, 'RANDOM()', true, false],
    ['better-sqlite3', 'sqlite', true, 'RANDOM()', true, false],
  ])(
    '%s is vendor %s (transactional DDL %s, random %s, statement rollback %s, multi-statement query %s)',
    (client, vendor, ddl, random, statementRollback, multi) => {
      const dialect = dialectFor(client);
      expect(dialect.vendor).toBe(vendor);
      expect(dialect.transactionalDdl).toBe(ddl);
      expect(dialect.randomOrder()).toBe(random);
      expect(dialect.statementRollback).toBe(statementRollback);
      expect(dialect.multiStatementQuery).toBe(multi);
    },
  );

  it.each([
    ['mysql', 'CAST(x AS CHAR)'],
    ['postgres', 'CAST(x AS TEXT)'],
    ['sqlite', 'CAST(x AS TEXT)'],
  ])('%s reads a key as text with %s', (client, sql) => expect(dialectFor(client).asText('x')).toBe(sql));

  it('refuses an unknown client', () => expect(() => dialectFor('oracle')).toThrow('oracle'));

  it.each([
    ['postgres', /pg_advisory_xact_lock\(hashtext\('vellum_schema_change'\)\)/, null],
    ['mysql', /GET_LOCK\('vellum_schema_change', 60\) AS granted/, "SELECT RELEASE_LOCK('vellum_schema_change')"],
  ])('%s serializes schema changes with a named lock (%s), released by %s', (client, acquire, release) => {
    const lock = dialectFor(client).schemaLock()!;
    expect(lock.acquire).toMatch(acquire);
    expect(lock.acquire).toMatch(/AS granted/);
    expect(lock.release).toBe(release);
  });

  it('needs no schema lock on SQLite, whose one connection runs one transaction at a time', () =>
    expect(dialectFor('sqlite').schemaLock()).toBeNull());

  it.each([
    [
      'postgres',
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ($1, $2)',
    ],
    [
      'mysql',
      'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ($1, $2)',
    ],
    ['sqlite', "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ($1, $2)"],
  ])('%s lists the existing tables among bound names with %s', (client, sql) =>
    expect(dialectFor(client).tablesAmongSql('$1, $2')).toBe(sql),
  );

  it.each([
    ['postgres', '"t"."title"', 'q', '"t"."title" ILIKE :q'],
    ['mysql', '`t`.`title`', 'q', '`t`.`title` LIKE :q'],
    ['sqlite', '"t"."title"', 'q', '"t"."title" LIKE :q'],
  ])('%s ilike', (client, column, param, sql) => expect(dialectFor(client).ilike(column, param)).toBe(sql));

  it.each([
    ['postgres', [3, 'a', true, null], '$1, $2, $3, $4', [3, 'a', true, null]],
    ['mysql', [3, 'a', true, null], '?, ?, ?, ?', [3, 'a', true, null]],
    ['sqlite', [3, 'a', true, null], '3, ?, ?, ?', ['a', 1, null]],
    ['sqlite', [new Date('2024-01-31T10:20:30.123Z')], '?', ['2024-01-31 10:20:30.123']],
  ])('%s binds %j as %s', (client, values, sql, bound) => {
    const dialect = dialectFor(client);
    const out: unknown[] = [];
    expect((values as unknown[]).map((v) => dialect.parameter(v, out)).join(', ')).toBe(sql);
    expect(out).toEqual(bound);
  });

  it.each([
    ['mysql', { insertId: 41 }, 3, [41, 42, 43]],
    ['mysql', { insertId: 0 }, 2, []],
    ['postgres', [], 2, []],
    ['sqlite', 7, 2, []],
  ])('%s keys of a multi-row insert from %j', (client, raw, count, ids) =>
    expect(dialectFor(client).insertedIds(raw, count)).toEqual(ids),
  );

  it.each([
    ['postgres', { type: 'jsonb' }, { type: 'uuid' }],
    ['mysql', { type: 'longtext' }, { type: 'char', length: '36' }],
    ['sqlite', { type: 'text' }, { type: 'varchar', length: '36' }],
  ])('%s column types', (client, json, uuid) => {
    expect(dialectFor(client).jsonType()).toEqual(json);
    expect(dialectFor(client).uuidType()).toEqual(uuid);
  });

  it.each([
    [
      'sqlite unique',
      'sqlite',
      failure('INSERT INTO "articles"', {
        code: 'SQLITE_CONSTRAINT_UNIQUE',
        message: 'UNIQUE constraint failed: articles.slug',
      }),
      ErrorCode.RecordNotUnique,
      { collection: 'articles', field: 'slug' },
    ],
    [
      'sqlite foreign key',
      'sqlite',
      failure('INSERT INTO "articles"', {
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
        message: 'FOREIGN KEY constraint failed',
      }),
      ErrorCode.InvalidForeignKey,
      {},
    ],
    [
      'sqlite restrict',
      'sqlite',
      failure('DELETE FROM "authors"', { code: 'SQLITE_CONSTRAINT_TRIGGER', message: 'FOREIGN KEY constraint failed' }),
      ErrorCode.InvalidForeignKey,
      {},
    ],
    [
      'sqlite not null',
      'sqlite',
      failure('INSERT', { code: 'SQLITE_CONSTRAINT_NOTNULL', message: 'NOT NULL constraint failed: articles.title' }),
      ErrorCode.NotNullViolation,
      { collection: 'articles', field: 'title' },
    ],
    [
      'mysql duplicate',
      'mysql',
      failure('INSERT INTO `articles`', {
        code: 'ER_DUP_ENTRY',
        sqlMessage: "Duplicate entry 'hello' for key 'articles_slug_unique'",
      }),
      ErrorCode.RecordNotUnique,
      { collection: 'articles', field: 'slug', value: 'hello' },
    ],
    [
      'mysql 8 duplicate with table prefix',
      'mysql',
      failure('INSERT INTO `articles`', {
        code: 'ER_DUP_ENTRY',
        sqlMessage: "Duplicate entry 'hello' for key 'articles.articles_slug_unique'",
      }),
      ErrorCode.RecordNotUnique,
      { collection: 'articles', field: 'slug' },
    ],
    [
      'mysql foreign key',
      'mysql',
      failure('INSERT INTO `articles`', {
        code: 'ER_NO_REFERENCED_ROW_2',
        sqlMessage:
          'Cannot add or update a child row: a foreign key constraint fails (`db`.`articles`, CONSTRAINT `fk` FOREIGN KEY (`author`) REFERENCES `authors` (`id`))',
      }),
      ErrorCode.InvalidForeignKey,
      { collection: 'articles', field: 'author' },
    ],
    [
      'mysql too long',
      'mysql',
      failure('INSERT INTO `articles`', {
        code: 'ER_DATA_TOO_LONG',
        sqlMessage: "Data too long for column 'title' at row 1",
      }),
      ErrorCode.ValueTooLong,
      { collection: 'articles', field: 'title' },
    ],
    [
      'postgres unique',
      'postgres',
      failure('INSERT', { code: '23505', table: 'articles', detail: 'Key (slug)=(hello) already exists.' }),
      ErrorCode.RecordNotUnique,
      { collection: 'articles', field: 'slug', value: 'hello' },
    ],
    [
      'postgres foreign key',
      'postgres',
      failure('INSERT', {
        code: '23503',
        table: 'articles',
        detail: 'Key (author)=(7) is not present in table "authors".',
      }),
      ErrorCode.InvalidForeignKey,
      { collection: 'articles', field: 'author', value: '7' },
    ],
    [
      'postgres not null',
      'postgres',
      failure('INSERT', { code: '23502', table: 'articles', column: 'title' }),
      ErrorCode.NotNullViolation,
      { collection: 'articles', field: 'title' },
    ],
    [
      'postgres NUL in a written value',
      'postgres',
      failure('INSERT INTO "articles"', { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }),
      ErrorCode.InvalidPayload,
      { reason: expect.stringContaining('NUL') },
    ],
    [
      'postgres NUL in jsonb',
      'postgres',
      failure('UPDATE "articles"', { code: '22P05', message: 'unsupported Unicode escape sequence' }),
      ErrorCode.InvalidPayload,
      {},
    ],
    [
      'postgres NUL in a filter value',
      'postgres',
      failure('SELECT "t"."id" FROM "articles" "t" WHERE "t"."title" = $1', { code: '22021' }),
      ErrorCode.InvalidQuery,
      {},
    ],
  ])('translates %s', (_label, client, err, code, extensions) => {
    const translated = dialectFor(client).translateError(err);
    expect(translated?.code).toBe(code);
    expect(translated?.status).toBe(400);
    expect(translated?.extensions).toMatchObject(extensions);
  });

  it.each([
    ['postgres', 2, 3, '($1, $2, $3), ($4, $5, $6)'],
    ['mysql', 2, 3, '(?, ?, ?), (?, ?, ?)'],
    ['mysql', 1, 1, '(?)'],
    ['sqlite', 2, 3, null],
  ])('%s: VALUES list of %i rows of %i values is %j', (client, rows, columns, sql) => {
    const dialect = dialectFor(client);
    expect(dialect.valuesList(rows, columns)).toBe(sql);
    // Asked again, the same shape is the same text.
    expect(dialect.valuesList(rows, columns)).toBe(sql);
  });

  it.each([
    ['postgres', 2, 2, ['"data"'], '($1, $2, "data"), ($3, $4, "data")'],
    ['mysql', 2, 1, ['`data`'], '(?, `data`), (?, `data`)'],
    ['mysql', 1, 2, [], '(?, ?)'],
  ])('%s: VALUES list of %i rows of %i values ending with %j is %j', (client, rows, columns, tail, sql) => {
    expect(dialectFor(client).valuesList(rows, columns, tail)).toBe(sql);
    // The same shape without the tail is another text.
    expect(dialectFor(client).valuesList(rows, columns)).toBe(sql.replace(/, `data`|, "data"/g, ''));
  });

  it.each([
    ['mysql', '`data`'],
    ['postgres', null],
    ['sqlite', null],
  ])('%s: a VALUES row refers to its own column as %j', (client, sql) => {
    expect(dialectFor(client).sameRowValue(client === 'mysql' ? '`data`' : '"data"')).toBe(sql);
  });

  it.each([
    ['postgres', '40P01', 'a deadlock'],
    ['postgres', '40001', 'a serialization failure'],
    ['postgres', '55P03', 'a lock not available'],
    ['mysql', 'ER_LOCK_DEADLOCK', 'a deadlock'],
    ['mysql', 'ER_LOCK_WAIT_TIMEOUT', 'a lock wait timeout'],
    ['sqlite', 'SQLITE_BUSY', 'a busy database'],
    ['sqlite', 'SQLITE_LOCKED', 'a locked table'],
  ])('%s: %s (%s) is 503 SERVICE_UNAVAILABLE with a retry hint, never a 500', (client, code) => {
    const translated = dialectFor(client).translateError(failure('ALTER TABLE x ADD y int', { code }));
    expect(translated).toBeInstanceOf(DatabaseBusyError);
    expect({
      status: translated?.status,
      code: translated?.code,
      retry: (translated as DatabaseBusyError).retryAfterSeconds,
    }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retry: 1,
    });
  });

  it.each(['sqlite', 'mysql', 'postgres'])('%s leaves other errors alone', (client) => {
    expect(dialectFor(client).translateError(failure('SELECT', { code: 'SOMETHING_ELSE' }))).toBeNull();
  });
});
