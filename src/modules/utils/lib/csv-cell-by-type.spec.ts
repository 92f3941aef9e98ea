import type { FieldType } from '../../schema/schema.types';
import { csvCellByType } from './csv-cell-by-type';

describe(csvCellByType.name, () => {
  it.each<[FieldType | null, string, unknown]>([
    ['string', 'null', 'null'],
    ['string', '[1,2]', '[1,2]'],
    ['string', '"quoted"', '"quoted"'],
    ['text', 'true', 'true'],
    ['uuid', '3f0e7a4c-1111-4222-8333-944455556666', '3f0e7a4c-1111-4222-8333-944455556666'],
    ['timestamp', '2024-01-02T03:04:05.000Z', '2024-01-02T03:04:05.000Z'],
    ['json', '5', 5],
    ['json', '"5"', '5'],
    ['json', '{"a":[1,{"b":null}]}', { a: [1, { b: null }] }],
    ['json', 'plain words', 'plain words'],
    ['json', 'null', null],
    ['csv', '["a","b,c"]', ['a', 'b,c']],
    ['csv', 'a,b', 'a,b'],
    ['csv', '[not json', '[not json'],
    ['integer', '42', '42'],
    ['integer', 'null', null],
    ['boolean', 'false', false],
    [null, '{"id":1}', { id: 1 }],
    [null, '7', '7'],
  ])('%s cell %j reads as %j', (type, text, expected) => expect(csvCellByType(type, text)).toEqual(expected));
});
