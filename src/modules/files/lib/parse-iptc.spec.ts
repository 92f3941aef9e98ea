import { encodeIptc } from '../../../../test/helpers/images';
import { parseIptc } from './parse-iptc';

describe(parseIptc.name, () => {
  const iim = encodeIptc([
    [25, 'sunset'],
    [25, 'beach'],
    [105, 'Evening'],
    [120, 'A caption '],
  ]);
  const photoshop = Buffer.concat([
    Buffer.from('Photoshop 3.0\u00008BIM\u0004\u0004\u0000\u0000'),
    Buffer.from([0, 0, 0, iim.length]),
    iim,
  ]);
  it.each([
    ['bare IIM', iim, { keywords: ['sunset', 'beach'], headline: 'Evening', caption: 'A caption' }],
    [
      'inside a Photoshop block',
      photoshop,
      { keywords: ['sunset', 'beach'], headline: 'Evening', caption: 'A caption' },
    ],
    ['no IPTC', Buffer.from('nothing here'), {}],
    ['truncated', iim.subarray(0, 9), {}],
  ])('%s', (_name, buffer, expected) => expect(parseIptc(buffer)).toEqual(expected));
});
