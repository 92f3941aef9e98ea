import { cleanDownloadName, hasControlCharacters, isMediaType, servedMediaType } from './header-values';

describe(isMediaType.name, () => {
  it.each<[string, boolean]>([
    ['image/png', true],
    ['IMAGE/SVG+XML', true],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
    ['text/plain; charset=utf-8', true],
    ['text/plain;charset=UTF-8;format=flowed', true],
    ['text/plain; charset="utf-8"', true],
    ['text/plain; name="a \\"quoted\\" \\\\ value"', true],
    ['text/plain;', true],
    ['text/plain; ; charset=utf-8', true],
    ['text/plain \t; charset=utf-8', true],
    ["application/x-!#$%&'*+.^_`|~", true],
    ['', false],
    ['text', false],
    ['text/', false],
    ['/plain', false],
    ['text/plain/extra', false],
    ['text /plain', false],
    [' text/plain', false],
    ['text/plain ', false],
    ['text/html extra', false],
    ['text/html\r\nX-Injected: yes', false],
    ['text/html\nX: y', false],
    ['text/plain; charset=utf-8\r\n', false],
    ['text/plain; charset', false],
    ['text/plain; charset=', false],
    ['text/plain; charset=a b', false],
    ['text/plain; name="unterminated', false],
    ['text/plain; name="line\nbreak"', false],
    ['text/plain; name="café"', false],
    ['tëxt/plain', false],
    ['text/pla(in)', false],
    ['toString', false],
  ])('%j → %s', (value, expected) => expect(isMediaType(value)).toBe(expected));

  it('answers at once on a long value that almost matches', () => {
    const started = performance.now();
    expect(isMediaType(`a/b${'; x=y'.repeat(20_000)} !`)).toBe(false);
    expect(isMediaType(`a/b;${' '.repeat(50_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe(hasControlCharacters.name, () => {
  it.each<[string, boolean]>([
    ['report.pdf', false],
    ['Rapport d’été "final" (2).pdf', false],
    ['写真.jpg', false],
    ['a\u2028b', false],
    ['a\r\nb', true],
    ['a\tb', true],
    ['a\u0000b', true],
    ['a\u007fb', true],
    ['a\u0085b', true],
  ])('%j → %s', (value, expected) => expect(hasControlCharacters(value)).toBe(expected));
});

describe(servedMediaType.name, () => {
  it.each<[string | null | undefined, string]>([
    ['image/png', 'image/png'],
    ['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
    ['text/html\r\nX: y', 'application/octet-stream'],
    ['nonsense', 'application/octet-stream'],
    ['', 'application/octet-stream'],
    [null, 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
  ])('%j → %j', (value, expected) => expect(servedMediaType(value)).toBe(expected));
});

describe(cleanDownloadName.name, () => {
  it.each<[string, string]>([
    ['photo.jpg', 'photo.jpg'],
    ['a\r\nX: y.txt', 'a__X: y.txt'],
    ['tab\there', 'tab_here'],
    ['été.txt', 'été.txt'],
  ])('%j → %j', (value, expected) => expect(cleanDownloadName(value)).toBe(expected));
});
