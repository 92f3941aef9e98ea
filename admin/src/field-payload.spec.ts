import { FIELD_TYPES as SERVER_FIELD_TYPES } from '../../src/common/field-types';
import { FIELD_TYPES, fieldPayload, FieldForm, formatChoices, parseChoices, typedDefault } from './field-payload';

const form = (change: Partial<FieldForm>): FieldForm => ({
  field: 'title',
  type: 'string',
  required: false,
  nullable: true,
  unique: false,
  defaultValue: '',
  maxLength: '',
  choices: '',
  note: '',
  ...change,
});

describe('typedDefault', () => {
  it.each<[string, string, unknown]>([
    ['string', '', null],
    ['string', 'draft', 'draft'],
    ['integer', '42', 42],
    ['decimal', '1.5', 1.5],
    ['boolean', 'true', true],
    ['boolean', 'false', false],
    ['json', '  ', null],
  ])('%s %j → %j', (type, text, expected) => {
    expect(typedDefault(type, text)).toEqual(expected);
  });

  it.each([
    ['integer', 'abc', 'must be a number'],
    ['boolean', 'yes', 'true or false'],
  ])('refuses %s %j', (type, text, message) => {
    expect(() => typedDefault(type, text)).toThrow(message);
  });
});

describe('choices', () => {
  it.each([
    [
      'draft\npublished',
      [
        { value: 'draft', text: 'draft' },
        { value: 'published', text: 'published' },
      ],
    ],
    [
      'a=Option A\n\n b = B ',
      [
        { value: 'a', text: 'Option A' },
        { value: 'b', text: 'B' },
      ],
    ],
    ['', []],
  ])('parses %j', (text, choices) => {
    expect(parseChoices(text)).toEqual(choices);
  });

  it('formats what it parses', () => {
    expect(formatChoices(parseChoices('a=Option A\nb'))).toBe('a=Option A\nb');
  });
});

describe('fieldPayload', () => {
  it.each<[string, Partial<FieldForm>, object]>([
    [
      'a string gets 255 by default',
      {},
      {
        schema: { is_nullable: true, is_unique: false, default_value: null, max_length: 255 },
        meta: { required: false, note: null, options: null },
      },
    ],
    [
      'an integer has no length',
      { type: 'integer', defaultValue: '0' },
      { schema: { is_nullable: true, is_unique: false, default_value: 0 } },
    ],
    [
      'choices make a dropdown',
      { choices: 'draft\npublished', required: true, maxLength: '20', note: ' Workflow ' },
      {
        meta: {
          required: true,
          note: 'Workflow',
          interface: 'select-dropdown',
          options: {
            choices: [
              { value: 'draft', text: 'draft' },
              { value: 'published', text: 'published' },
            ],
          },
        },
        schema: { max_length: 20 },
      },
    ],
  ])('%s', (_, change, expected) => {
    expect(fieldPayload(form(change))).toMatchObject(expected);
  });

  it('refuses a length that is not a whole number', () => {
    expect(() => fieldPayload(form({ maxLength: '1.5' }))).toThrow('whole number');
  });
});

describe('FIELD_TYPES', () => {
  // The Studio cannot import the server's list, so this keeps its copy from drifting: a type the server
  // adds must show in the field form, in the server's order.
  it('offers every type the server accepts except alias, which only relations make', () => {
    expect(FIELD_TYPES).toEqual(SERVER_FIELD_TYPES.filter((type) => type !== 'alias'));
  });
});
