import { postgresDefault, postgresSize } from './postgres-catalog';

describe(postgresDefault.name, () => {
  it.each([
    [null, 'integer', true, { isGenerated: true, generationStrategy: 'identity' }],
    [null, 'text', false, { isGenerated: false }],
    ["nextval('posts_id_seq'::regclass)", 'integer', false, { isGenerated: true, generationStrategy: 'increment' }],
    ['nextval(\'"Posts_id_seq"\'::regclass)', 'integer', false, { isGenerated: true, generationStrategy: 'increment' }],
    ['gen_random_uuid()', 'uuid', false, { isGenerated: true, generationStrategy: 'uuid' }],
    ['gen_random_uuid()', 'character varying', false, { isGenerated: false, default: 'gen_random_uuid()' }],
    ['now()', 'timestamp with time zone', false, { isGenerated: false, default: 'now()' }],
    ["('now'::text)::date", 'date', false, { isGenerated: false, default: "('now'::text)::date" }],
    ['CURRENT_TIMESTAMP', 'timestamp with time zone', false, { isGenerated: false, default: 'CURRENT_TIMESTAMP' }],
    ["'draft'::character varying", 'character varying', false, { isGenerated: false, default: "'draft'" }],
    ['\'{"a": 1}\'::jsonb', 'jsonb', false, { isGenerated: false, default: '\'{"a": 1}\'' }],
    ['0', 'integer', false, { isGenerated: false, default: "'0'" }],
    ['-3', 'integer', false, { isGenerated: false, default: "'-3'" }],
    ['1.5', 'numeric', false, { isGenerated: false, default: '1.5' }],
    ['true', 'boolean', false, { isGenerated: false, default: 'true' }],
  ])('reads %j on a %s column (identity: %s)', (sql, type, identity, expected) =>
    expect(postgresDefault(sql, type, identity)).toEqual(expected),
  );
});

describe(postgresSize.name, () => {
  it.each([
    ['character varying', 259, { length: '255' }],
    ['character varying', -1, { length: '' }],
    ['character', 40, { length: '36' }],
    ['character', 5, { length: '' }],
    ['bit', 1, { length: '' }],
    ['bit varying', 8, { length: '8' }],
    ['numeric', (10 << 16) + 5 + 4, { length: '', precision: 10, scale: 5 }],
    ['numeric', (12 << 16) + 4, { length: '', precision: 12, scale: 0 }],
    ['numeric', -1, { length: '' }],
    ['timestamp with time zone', -1, { length: '', precision: undefined }],
    ['timestamp without time zone', 6, { length: '', precision: undefined }],
    ['time without time zone', 3, { length: '', precision: 3 }],
    ['time with time zone', 0, { length: '', precision: 0 }],
    ['interval', -1, { length: '', precision: undefined }],
    ['interval', 0x7fff0000 + 0xffff, { length: '', precision: undefined }],
    ['interval', 0x7fff0000 + 2, { length: '', precision: 2 }],
    ['integer', -1, { length: '' }],
    ['jsonb', -1, { length: '' }],
  ])('%s with modifier %i', (type, modifier, expected) => expect(postgresSize(type, modifier)).toStrictEqual(expected));
});
