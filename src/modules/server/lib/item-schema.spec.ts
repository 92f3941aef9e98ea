import { fakeOverview } from '../../schema/testing/fake-overview';
import type { FieldOverview } from '../../schema/schema.types';
import { createRequired, itemSchema } from './item-schema';

const overview = fakeOverview();
const articles = overview.collection('articles')!;
const title = articles.fields.title;

describe(createRequired.name, () => {
  it.each<[string, Partial<FieldOverview>, boolean]>([
    ['a nullable field', {}, false],
    ['a required field', { required: true }, true],
    ['a NOT NULL field without a default', { nullable: false }, true],
    ['a NOT NULL field with a default', { nullable: false, hasDefault: true }, false],
    ['a NOT NULL generated UUID key', { nullable: false, primaryKey: true, type: 'uuid', special: ['uuid'] }, false],
    ['a NOT NULL creation stamp', { nullable: false, special: ['date-created'] }, false],
    ['a NOT NULL user stamp', { nullable: false, special: ['user-created'] }, false],
  ])('%s: %s', (_case, changes, required) => {
    const field = { ...title, ...changes };
    const view = { collection: articles, fields: [articles.fields.id, field] };
    expect(
      createRequired(
        view,
        itemSchema(overview, view, () => undefined),
      ),
    ).toEqual(required ? ['title'] : []);
  });

  it('leaves out a required field the item schema does not list (an alias with no value)', () => {
    const group: FieldOverview = { ...title, field: 'group', type: 'alias', required: true };
    const view = { collection: articles, fields: [group] };
    expect(
      createRequired(
        view,
        itemSchema(overview, view, () => undefined),
      ),
    ).toEqual([]);
  });
});

describe(itemSchema.name, () => {
  it('describes the collection and names it, with a property per field it is given', () => {
    const view = {
      collection: { ...articles, meta: { note: 'Stories' } as typeof articles.meta },
      fields: [articles.fields.id, title],
    };
    expect(itemSchema(overview, view, () => undefined)).toEqual({
      type: 'object',
      description: 'Stories',
      properties: { id: { type: 'integer', format: 'int32' }, title: { type: 'string', nullable: true } },
      'x-collection': 'articles',
    });
    expect(itemSchema(overview, { collection: articles, fields: [] }, () => undefined).description).toBe(
      'An item of the `articles` collection.',
    );
  });
});
