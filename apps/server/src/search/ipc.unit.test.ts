import { describe, expect, it } from 'vitest';
import { normaliseIpc } from './ipc';

describe('normaliseIpc', () => {
  it.each([
    ['H', 'H'],
    ['h01', 'H01'],
    ['H01M', 'H01M'],
    ['H01M 10/0525', 'H01M10/0525'],
    ['Ｈ０１Ｍ１０／０５２５', 'H01M10/0525'],
    ['H01M0010/0525', 'H01M10/0525'],
    ['H01M10', 'H01M10/'],
    ['H01M10/', 'H01M10/'],
    ['G06F16/3329', 'G06F16/3329'],
    ['B64U101/30', 'B64U101/30'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseIpc(input)).toBe(expected);
  });

  it.each(['', 'X99', 'H0', 'H01MM', 'H01M0/12', '锂电池', 'H01M10/0525/1'])('rejects %j', (input) => {
    expect(normaliseIpc(input)).toBeNull();
  });

  it('keeps a group prefix from matching a longer group number', () => {
    expect('H01M100/12'.startsWith(normaliseIpc('H01M10')!)).toBe(false);
    expect('H01M10/0525'.startsWith(normaliseIpc('H01M10')!)).toBe(true);
  });
});
