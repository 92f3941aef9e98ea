import { csvRecords } from './count-rows';

describe('csvRecords', () => {
  it.each([
    ['a,b\n1,2\n3,4\n', 2],
    ['a,b\r\n1,2\r\n3,4', 2],
    ['a,b\n\n1,2\n\n', 1],
    ['a,b\n"line\none",2\n"x ""quoted""",3\n', 2],
    ['a,b\n', 0],
    ['', 0],
  ])('counts the records of %j', (text, count) => {
    expect(csvRecords(text)).toBe(count);
  });
});
