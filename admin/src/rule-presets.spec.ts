import { parsePresets, presetsText } from './rule-presets';

describe('presetsText', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [{}, ''],
    [{ status: 'draft' }, '{\n  "status": "draft"\n}'],
  ])('shows %j as %j', (presets, text) => {
    expect(presetsText(presets)).toBe(text);
  });
});

describe('parsePresets', () => {
  it.each([
    ['', { presets: null }],
    ['  \n', { presets: null }],
    ['{}', { presets: null }],
    ['{"status":"draft","views":0}', { presets: { status: 'draft', views: 0 } }],
    ['{status:', { error: 'presetsNotJson' }],
    ['[1]', { error: 'presetsNotObject' }],
    ['"draft"', { error: 'presetsNotObject' }],
    ['null', { error: 'presetsNotObject' }],
  ])('reads %j', (text, result) => {
    expect(parsePresets(text)).toEqual(result);
  });
});
