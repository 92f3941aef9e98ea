import { ErrorCode } from '../../../common/errors/error-codes';
import { AppError } from '../../../common/errors/app-error';
import { assertTusHeaders, parseUploadMetadata, storedFileRequest, tusFileRequest } from './tus-request';

const b64 = (value: string) => Buffer.from(value).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : 'not an AppError';
  }
}

describe('parseUploadMetadata', () => {
  it.each<[string | undefined, Record<string, string>]>([
    [undefined, {}],
    ['', {}],
    [`filename ${b64('a b.txt')}`, { filename: 'a b.txt' }],
    [`filename ${b64('x')}, is_confidential`, { filename: 'x', is_confidential: '' }],
    [`title ${b64('Été')},folder ${b64('f')}`, { title: 'Été', folder: 'f' }],
  ])('%j', (raw, expected) => {
    expect({ ...parseUploadMetadata(raw) }).toEqual(expected);
  });

  it.each(['filename not*base64', `a ${b64('1')},a ${b64('2')}`, `a ${b64('1')} extra`, 'a abc', ','])(
    'refuses %j',
    (raw) => {
      expect(codeOf(() => parseUploadMetadata(raw))).toBe(ErrorCode.InvalidPayload);
    },
  );
});

describe('assertTusHeaders', () => {
  it.each<[string, string, Record<string, string>, number | undefined, string | null]>([
    ['a creation', 'POST', { ...TUS, 'upload-length': '10' }, 100, null],
    ['a deferred length', 'POST', { ...TUS, 'upload-defer-length': '1' }, 100, null],
    ['the size limit exactly', 'POST', { ...TUS, 'upload-length': '100' }, 100, null],
    ['no limit', 'POST', { ...TUS, 'upload-length': '1000000' }, undefined, null],
    ['over the size limit', 'POST', { ...TUS, 'upload-length': '101' }, 100, ErrorCode.ContentTooLarge],
    ['no version', 'POST', { 'upload-length': '10' }, 100, ErrorCode.InvalidPayload],
    ['another version', 'HEAD', { 'tus-resumable': '0.2.2' }, 100, ErrorCode.InvalidPayload],
    ['no length', 'POST', TUS, 100, ErrorCode.InvalidPayload],
    ['a negative length', 'POST', { ...TUS, 'upload-length': '-1' }, 100, ErrorCode.InvalidPayload],
    [
      'both lengths',
      'POST',
      { ...TUS, 'upload-length': '1', 'upload-defer-length': '1' },
      100,
      ErrorCode.InvalidPayload,
    ],
    [
      'concatenation',
      'POST',
      { ...TUS, 'upload-length': '1', 'upload-concat': 'partial' },
      100,
      ErrorCode.InvalidPayload,
    ],
    ['bad metadata', 'POST', { ...TUS, 'upload-length': '1', 'upload-metadata': 'a *' }, 100, ErrorCode.InvalidPayload],
    ['a chunk', 'PATCH', CHUNK, 100, null],
    ['a chunk without offset', 'PATCH', { ...CHUNK, 'upload-offset': '' }, 100, ErrorCode.InvalidPayload],
    ['a chunk at 1.5', 'PATCH', { ...CHUNK, 'upload-offset': '1.5' }, 100, ErrorCode.InvalidPayload],
    ['a chunk of JSON', 'PATCH', { ...CHUNK, 'content-type': 'application/json' }, 100, ErrorCode.UnsupportedMediaType],
    ['OPTIONS without version', 'OPTIONS', {}, 100, null],
  ])('%s', (_name, method, headers, max, expected) => {
    expect(codeOf(() => assertTusHeaders(method, headers, max))).toBe(expected);
  });
});

describe('tusFileRequest', () => {
  it('maps the tus convention onto file fields', () => {
    expect(
      tusFileRequest({ filename: 'a.png', filetype: 'image/png', title: 'A', folder: 'null', replace_id: 'x' }),
    ).toEqual({
      fields: { title: 'A', folder: null },
      filename: 'a.png',
      type: 'image/png',
      replaceId: 'x',
    });
    expect(tusFileRequest({})).toEqual({ fields: {}, filename: '', type: null, replaceId: null });
  });

  it.each([
    [
      'the reference platform names',
      { filename_download: 'b.txt', type: 'text/plain', id: 'y', title: 'B' },
      { fields: { title: 'B' }, filename: 'b.txt', type: 'text/plain', replaceId: 'y' },
    ],
    [
      'the tus names before the reference ones',
      { filename: 'a', filename_download: 'b', filetype: 'x/a', type: 'x/b', replace_id: 'p', id: 'q' },
      { fields: {}, filename: 'a', type: 'x/a', replaceId: 'p' },
    ],
    [
      'an empty tus name, then the reference one',
      { filename: '', filename_download: 'c' },
      { fields: {}, filename: 'c', type: null, replaceId: null },
    ],
  ])('reads %s', (_name, metadata, expected) => {
    expect(tusFileRequest(metadata)).toEqual(expected);
  });

  it('refuses the owner key from clients and drops it from stored uploads', () => {
    expect(codeOf(() => tusFileRequest({ vellum_owner: 'u' }))).toBe(ErrorCode.InvalidPayload);
    expect(storedFileRequest({ vellum_owner: 'u', title: 'T' }).fields).toEqual({ title: 'T' });
  });
});
