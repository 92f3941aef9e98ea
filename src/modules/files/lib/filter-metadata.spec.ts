import { filterMetadata } from './filter-metadata';

describe(filterMetadata.name, () => {
  const sections = {
    ifd0: { Make: ' Canon\u0000', Model: 'EOS', Software: 'x' },
    exif: { FNumber: 2.8, ISOSpeedRatings: 100 },
    gps: undefined,
  };
  it.each([
    [['ifd0.Make', 'exif.FNumber'], { ifd0: { Make: 'Canon' }, exif: { FNumber: 2.8 } }],
    [['exif.*'], { exif: { FNumber: 2.8, ISOSpeedRatings: 100 } }],
    [['*'], { ifd0: { Make: 'Canon', Model: 'EOS', Software: 'x' }, exif: { FNumber: 2.8, ISOSpeedRatings: 100 } }],
    [['gps.Latitude'], {}],
    [[], {}],
  ])('allow list %j', (allow, expected) => expect(filterMetadata(sections, allow)).toEqual(expected));
});
