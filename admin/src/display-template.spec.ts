import { renderTemplate, templateFields, withTemplateFields } from './display-template';

describe('templateFields', () => {
  it.each([
    ['{{name}}', ['name']],
    ['{{ first_name }} {{last_name}}', ['first_name', 'last_name']],
    ['{{name}} ({{country.code}}) {{name}}', ['name', 'country.code']],
    ['no placeholder', []],
    ['{{}} {{ }}', []],
  ])('%s reads %p', (template, fields) => expect(templateFields(template)).toEqual(fields));
});

describe('renderTemplate', () => {
  const item = { name: 'Ada', age: 36, active: false, country: { code: 'UK' }, tags: ['x'], empty: null };
  it.each([
    ['{{name}}', 'Ada'],
    ['{{ name }} ({{country.code}})', 'Ada (UK)'],
    ['{{age}} {{active}}', '36 false'],
    ['{{missing}} {{name}}', 'Ada'],
    ['{{empty}}', ''],
    ['{{tags}}{{country}}', ''],
    ['{{country.code.deeper}}', ''],
    ['{{__proto__}}{{constructor}}', ''],
  ])('%s reads "%s"', (template, expected) => expect(renderTemplate(template, item)).toBe(expected));

  it('reads nothing from a value that is not an item', () => {
    expect(renderTemplate('{{name}}', 7)).toBe('');
    expect(renderTemplate('{{name}}', null)).toBe('');
  });
});

describe('withTemplateFields', () => {
  it.each([
    [['id', 'title'], {}, ['id', 'title']],
    [['id', 'author'], { author: '{{name}}' }, ['id', 'author.name']],
    [
      ['author', 'editor'],
      { author: '{{first}} {{last}}', editor: '{{country.code}}' },
      ['author.first', 'author.last', 'editor.country.code'],
    ],
  ])('%p with %p requests %p', (fields, templates, expected) => {
    expect(withTemplateFields(fields, new Map(Object.entries(templates)))).toEqual(expected);
  });
});
