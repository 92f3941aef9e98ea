import { postgresDefault } from './postgres-catalog';

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
    ["'{\"a\": 1}'::jsonb", 'jsonb', false, { isGenerated: false, default: "'{\"a\": 1}'" }],
    ['0', 'integer', false, { isGenerated: false, default: "'0'" }],
    ['-3', 'integer', false, { isGenerated: false, default: "'-3'" }],
    ['1.5', 'numeric', false, { isGenerated: false, default: '1.5' }],
    ['true', 'boolean', false, { isGenerated: false, default: 'true' }],
  ])('reads %j on a %s column (identity: %s)', (sql, type, identity, expected) => expect(postgresDefault(sql, type, identity)).toEqual(expected));
});
