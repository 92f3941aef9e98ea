import { object, property } from './schema-shorthand';

describe(property.name, () => {
  it.each([
    ['string', { type: 'string' }],
    ['integer?', { type: 'integer', nullable: true }],
    ['uuid', { type: 'string', format: 'uuid' }],
    ['datetime?', { type: 'string', format: 'date-time', nullable: true }],
    ['strings?', { type: 'array', items: { type: 'string' }, nullable: true }],
    ['json', {}],
    ['m2o:role', { description: 'The key of the related role, or the role itself when `fields` reaches into it.' }],
    [
      'o2m:panels',
      {
        type: 'array',
        items: {},
        description: 'The keys of the related panels, or the panels themselves when `fields` reaches into them.',
      },
    ],
    [
      { type: 'string', enum: ['a'] },
      { type: 'string', enum: ['a'] },
    ],
  ])('reads %j', (spec, expected) => expect(property(spec as never)).toEqual(expected));

  it('refuses a word it does not know', () =>
    expect(() => property('text')).toThrow('Unknown property shorthand "text"'));
});

describe(object.name, () => {
  it('makes an object schema of its properties, all optional, with extra keywords', () => {
    expect(object({ id: 'uuid', name: 'string?' }, { description: 'd' })).toEqual({
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string', nullable: true } },
      description: 'd',
    });
  });
});
