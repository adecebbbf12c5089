import { describe, it, expect } from 'vitest';
import {
  GARMENTS,
  sceneSvg,
  textileSvg,
  WEAVES,
  type Garment,
  type TextileOptions,
  type Weave,
} from './textile';

const PALETTE = ['#1f2a44', '#8a6d3b', '#d9c9a3'] as const;

const SCENES = ['store', 'bolts', 'swatches', 'tailoring'] as const;

function options(over: Partial<TextileOptions> = {}): TextileOptions {
  return {
    seed: 7,
    palette: PALETTE,
    weave: 'twill',
    garment: 'suit',
    width: 1200,
    height: 1500,
    ...over,
  };
}

describe('textileSvg', () => {
  it('gives the same SVG for the same options', () => {
    for (const garment of ['none', 'suit', 'jeans'] as const) {
      expect(textileSvg(options({ garment }))).toBe(textileSvg(options({ garment })));
    }
  });

  it('gives different SVGs for different seeds', () => {
    for (const weave of WEAVES) {
      const a = textileSvg(options({ weave, garment: 'none', seed: 1 }));
      const b = textileSvg(options({ weave, garment: 'none', seed: 2 }));
      expect(a).not.toBe(b);
    }
    expect(textileSvg(options({ seed: 1 }))).not.toBe(textileSvg(options({ seed: 1 + 2 ** 32 })));
  });

  it('returns a standalone SVG document of the given size', () => {
    const svg = textileSvg(options({ width: 1200, height: 1500 }));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('width="1200"');
    expect(svg).toContain('height="1500"');
    expect(svg).toContain('viewBox="0 0 1200 1500"');
    expect(svg.endsWith('</svg>')).toBe(true);

    const small = textileSvg(options({ width: 320, height: 400, garment: 'none' }));
    expect(small.startsWith('<svg')).toBe(true);
    expect(small).toContain('width="320"');
    expect(small).toContain('height="400"');
  });

  it('draws every weave and garment without filters, text or bad numbers, under 60 KB', () => {
    for (const garment of GARMENTS) {
      for (const weave of WEAVES) {
        const svg = textileSvg(options({ garment, weave }));
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).not.toMatch(/<filter|<text|NaN|undefined|Infinity/);
        expect(svg.length).toBeLessThan(60 * 1024);
      }
    }
  });

  it('accepts upper-case hex colours', () => {
    const upper = textileSvg(options({ palette: ['#1F2A44', '#8A6D3B', '#D9C9A3'] }));
    expect(upper).toBe(textileSvg(options()));
  });

  it('throws a RangeError for a bad palette', () => {
    const bad: unknown[] = [
      ['#1f2a44', '#8a6d3b', 'red'],
      ['#1f2a44', '#8a6d3b', '#fff'],
      ['1f2a44', '#8a6d3b', '#d9c9a3'],
      ['#1f2a44', '#8a6d3b', '#d9c9a3"/><script>'],
      ['#1f2a44', '#8a6d3b'],
      ['#1f2a44', '#8a6d3b', '#d9c9a3', '#000000'],
      ['#1f2a44', '#8a6d3b', 7],
      'not-an-array',
    ];
    for (const palette of bad) {
      expect(() => textileSvg(options({ palette: palette as TextileOptions['palette'] }))).toThrow(
        RangeError,
      );
    }
  });

  it('throws a RangeError for a bad size, seed, weave or garment', () => {
    expect(() => textileSvg(options({ width: 0 }))).toThrow(RangeError);
    expect(() => textileSvg(options({ height: 100.5 }))).toThrow(RangeError);
    expect(() => textileSvg(options({ width: Number.NaN }))).toThrow(RangeError);
    expect(() => textileSvg(options({ seed: 1.5 }))).toThrow(RangeError);
    expect(() => textileSvg(options({ weave: 'velvet' as Weave }))).toThrow(RangeError);
    expect(() => textileSvg(options({ garment: 'hat' as Garment }))).toThrow(RangeError);
  });
});

describe('sceneSvg', () => {
  const scene = (kind: (typeof SCENES)[number], seed = 3) =>
    sceneSvg({ seed, palette: PALETTE, kind, width: 1600, height: 1200 });

  it('gives the same SVG for the same options and differs by seed', () => {
    for (const kind of SCENES) {
      expect(scene(kind)).toBe(scene(kind));
      expect(scene(kind, 1)).not.toBe(scene(kind, 2));
    }
  });

  it('returns a standalone SVG document of the given size, without filters or text, under 60 KB', () => {
    for (const kind of SCENES) {
      const svg = scene(kind);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('width="1600"');
      expect(svg).toContain('height="1200"');
      expect(svg).not.toMatch(/<filter|<text|NaN|undefined|Infinity/);
      expect(svg.length).toBeLessThan(60 * 1024);
    }
  });

  it('throws a RangeError for a bad palette or kind', () => {
    expect(() =>
      sceneSvg({
        seed: 1,
        palette: ['#123456', '#abcdef', 'blue'],
        kind: 'store',
        width: 1600,
        height: 1200,
      }),
    ).toThrow(RangeError);
    expect(() =>
      sceneSvg({
        seed: 1,
        palette: PALETTE,
        kind: 'attic' as (typeof SCENES)[number],
        width: 1600,
        height: 1200,
      }),
    ).toThrow(RangeError);
  });
});
