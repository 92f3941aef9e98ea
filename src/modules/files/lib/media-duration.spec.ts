import { waveFile } from '../../../../test/helpers/images';
import { mediaDuration } from './media-duration';

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(version === 1 ? 112 : 100);
  body[0] = version;
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
  }
  return box('mvhd', body);
}

describe(mediaDuration.name, () => {
  const ftyp = box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2', 'latin1'));
  it.each([
    ['MP4 with mvhd v0', Buffer.concat([ftyp, box('moov', mvhd(0, 1000, 12_400))]), 12],
    ['MP4 with mvhd v1', Buffer.concat([ftyp, box('free', Buffer.alloc(10)), box('moov', mvhd(1, 600, 90_000))]), 150],
    ['MP4 without moov in the read bytes', Buffer.concat([ftyp, box('mdat', Buffer.alloc(32))]), null],
    ['WAV, 2.5 s at 8 kB/s', waveFile(8000, 20_000), 3],
    ['WAV, 1 s', waveFile(8000, 8000), 1],
    ['not media', Buffer.from('hello world, not a container'), null],
    ['empty', Buffer.alloc(0), null],
  ])('%s → %j', (_name, buffer, expected) => expect(mediaDuration(buffer)).toBe(expected));
});
