import { parse as parseCsv } from 'csv-parse/sync';
import { CsvRecord, CsvRecordReader, CsvSyntaxError } from './csv-records';

/** Reads `text` cut into pieces of `size` characters, so every token boundary is crossed somewhere. */
function read(text: string, size: number, delimiter = ','): CsvRecord[] {
  const reader = new CsvRecordReader(delimiter);
  const out: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
  out.push(...reader.end());
  return out;
}

const SIZES = [1, 2, 3, 5, 1 << 16];

describe(CsvRecordReader.name, () => {
  it.each<[string, string, [number, string[]][]]>([
    ['nothing', '', []],
    ['one cell', 'a', [[1, ['a']]]],
    ['a header and rows, LF', 'a,b\n1,2\n3,4\n', [[1, ['a', 'b']], [2, ['1', '2']], [3, ['3', '4']]]],
    ['no final line break', 'a,b\n1,2', [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['CRLF', 'a,b\r\n1,2\r\n', [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['lone CR', 'a,b\r1,2\r', [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['mixed line breaks', 'a\r\nb\nc\rd', [[1, ['a']], [2, ['b']], [3, ['c']], [4, ['d']]]],
    ['empty cells', ',a,,\n', [[1, ['', 'a', '', '']]]],
    ['empty lines skipped, counted', '\na\n\n\r\n\rb\n', [[2, ['a']], [6, ['b']]]],
    ['a blank line is a record', 'a\n \n', [[1, ['a']], [2, [' ']]]],
    ['quoted delimiters and quotes', '"a,b","say ""hi""",""\n', [[1, ['a,b', 'say "hi"', '']]]],
    ['an empty quoted cell alone', '""\n', [[1, ['']]]],
    ['quoted line breaks counted', '"x\ny\r\nz\rw",1\nnext\n', [[1, ['x\ny\r\nz\rw', '1']], [5, ['next']]]],
    ['a quoted cell ending the text', 'a,"b"', [[1, ['a', 'b']]]],
    ['a doubled quote at the end of a cell', '"a"""\n', [[1, ['a"']]]],
    ['unicode', 'Zoë,日本,🎉\n', [[1, ['Zoë', '日本', '🎉']]]],
  ])('reads %s in any chunking', (_name, text, expected) => {
    for (const size of SIZES) {
      expect(read(text, size).map((r) => [r.line, r.cells])).toEqual(expected);
    }
  });

  it.each([
    [';', 'a;b,c\n"x;y";z\n', [['a', 'b,c'], ['x;y', 'z']]],
    ['\t', 'a\tb,c\n"x\ty"\tz\n', [['a', 'b,c'], ['x\ty', 'z']]],
  ])('splits on %j only', (delimiter, text, expected) => {
    for (const size of SIZES) expect(read(text, size, delimiter).map((r) => r.cells)).toEqual(expected);
  });

  it.each([
    ['a quote inside an unquoted cell', 'a,b\n1,x"y\n', 2, /cell 2, which is not quoted/],
    ['a space before a quote', 'a,b\n1, "x"\n', 2, /not quoted/],
    ['text after a closing quote', 'a\n\n"x"y\n', 3, /"y" after the closing quote of cell 1/],
    ['a quote left open', 'a,b\n1,"open\nstill\n', 2, /not closed before the end/],
  ])('refuses %s, naming the line', (_name, text, line, message) => {
    for (const size of SIZES) {
      let error: unknown;
      try {
        read(text, size);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect(error).toMatchObject({ line, message: expect.stringMatching(message) });
    }
  });

  it('reads what the general-purpose csv-parse reads', () => {
    const text = 'id,title,body\n1,plain,"with, comma"\n\n2,"multi\nline","say ""x"""\n3,,\n4,"",last\n';
    expect(read(text, 7).map((r) => r.cells)).toEqual(parseCsv(text, { skip_empty_lines: true }));
  });
});
