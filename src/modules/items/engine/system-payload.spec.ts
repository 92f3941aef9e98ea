import { InvalidPayloadError } from '../../../common/errors/errors';
import type { CollectionOverview } from '../../schema/schema.types';
import { assertSystemPayload, systemPayloadProblems, SystemWriteMode } from './system-payload';
import { fakeOverview } from '../../schema/testing/fake-overview';

const articles = fakeOverview().collection('articles')!;
/** svc_permissions as far as these cases need it: its fields, under its own name. */
const permissions: CollectionOverview = { ...articles, collection: 'svc_permissions', system: true };
/** svc_files with the two members answered in headers. */
const files: CollectionOverview = {
  ...articles,
  collection: 'svc_files',
  system: true,
  fields: { ...articles.fields, type: articles.fields.title, filename_download: articles.fields.title },
};
const MEDIA_TYPE_RULE =
  '"type" must be a valid media type: "type/subtype" with optional "; name=value" parameters (RFC 9110), such as "image/png"';
const NAME_RULE = '"filename_download" must not contain control characters (line breaks, tabs, ...)';

describe(systemPayloadProblems.name, () => {
  it.each<[string, CollectionOverview, unknown, SystemWriteMode, string[], string[], string[]]>([
    ['nothing wrong with known fields', articles, { title: 'a', views: 1 }, 'create', [], [], []],
    ['a relational alias is known', articles, { comments: [{ body: 'x' }] }, 'update', [], [], []],
    ['the primary key is known', articles, { id: 3, title: 'a' }, 'update', [], [], []],
    [
      'every unknown member, in body order',
      articles,
      { policy: 'p', title: 'a', nope: 1 },
      'update',
      ['policy', 'nope'],
      [],
      [],
    ],
    ['no object: nothing to check here', articles, [1], 'create', [], [], []],
    ['a permission created without policy or role', permissions, { title: 'a' }, 'create', [], ['policy'], []],
    [
      'a permission created with a policy',
      { ...permissions, fields: { ...permissions.fields, policy: articles.fields.title } },
      { policy: null },
      'create',
      [],
      [],
      [],
    ],
    [
      'a permission created with a role',
      { ...permissions, fields: { ...permissions.fields, role: articles.fields.title } },
      { role: null },
      'create',
      [],
      [],
      [],
    ],
    ['a permission updated without role', permissions, { title: 'a' }, 'update', [], [], []],
    ['inherited members are not the body', articles, Object.create({ nope: 1 }) as object, 'create', [], [], []],
    [
      'a file with a media type and a plain name',
      files,
      { type: 'image/png', filename_download: 'a b.png' },
      'update',
      [],
      [],
      [],
    ],
    ['a file without type (null is no header)', files, { type: null }, 'create', [], [], []],
    ['a file type with a line break', files, { type: 'text/html\r\nX: y' }, 'update', [], [], [MEDIA_TYPE_RULE]],
    [
      'a file name with a line break, and a type without subtype',
      files,
      { filename_download: 'a\nb', type: 'text' },
      'create',
      [],
      [],
      [MEDIA_TYPE_RULE, NAME_RULE],
    ],
    [
      'the same members elsewhere are no header',
      articles,
      { type: 'x', filename_download: 'a\nb' },
      'update',
      ['type', 'filename_download'],
      [],
      [],
    ],
  ])('%s', (_, collection, item, mode, unknown, missing, invalid) => {
    expect(systemPayloadProblems(collection, item, mode)).toEqual({ unknown, missing, invalid });
  });
});

describe(assertSystemPayload.name, () => {
  it.each<[string, CollectionOverview, unknown, string | null]>([
    ['a clean body', articles, { title: 'a' }, null],
    ['one unknown', articles, { policy: 'p' }, 'Unknown property of "articles": "policy"'],
    ['several unknown', articles, { policy: 'p', x: 1 }, 'Unknown properties of "articles": "policy", "x"'],
    [
      'an unknown member and an invalid value together',
      files,
      { nope: 1, type: 'x' },
      `Unknown property of "svc_files": "nope"; ${MEDIA_TYPE_RULE}`,
    ],
    [
      'unknown and missing together',
      { ...permissions, fields: { ...permissions.fields, role: articles.fields.title } },
      { nope: 'p' },
      'Unknown property of "svc_permissions": "nope"; "policy" is required (null for the public access; a role instead of a policy is still accepted)',
    ],
  ])('%s', (_, collection, item, reason) => {
    const run = () => assertSystemPayload(collection, item, 'create');
    if (reason === null) return expect(run).not.toThrow();
    expect(run).toThrow(InvalidPayloadError);
    expect(run).toThrow(reason);
  });
});
