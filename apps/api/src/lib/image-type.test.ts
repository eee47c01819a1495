import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type';

const ALL = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe('sniffImageType', () => {
  it('recognises each image by its first bytes', () => {
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), ALL)).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0), ALL)).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a'), ALL)).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), ALL)).toBe('image/webp');
  });

  it('refuses what is not an image, or not an accepted one, whatever it claims to be', () => {
    expect(sniffImageType(bytes('<html><body>'), ALL)).toBeNull();
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'), ALL)).toBeNull();
    expect(sniffImageType(new Uint8Array(), ALL)).toBeNull();
    // Profile photos take no GIF.
    expect(sniffImageType(bytes('GIF87a'), ['image/jpeg', 'image/png', 'image/webp'])).toBeNull();
  });
});
