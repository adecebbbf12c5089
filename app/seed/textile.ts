/**
 * Procedural textile imagery.
 *
 * Pure, deterministic, dependency-free generators of SVG documents used as the
 * shop's product and gallery pictures. The SVGs are meant to be rasterised by
 * `sharp` (librsvg), so they deliberately avoid SVG filters (slow in librsvg),
 * text (no fonts) and external references: fabric is drawn with `<pattern>`
 * tiles, light with gradients and shadows with translucent offset shapes.
 *
 * Only numbers and validated `#rrggbb` colours are ever written into the
 * markup, so the output needs no escaping.
 *
 * @module
 */

/**
 * How a cloth is woven; decides the thread structure drawn by the `<pattern>` tiles:
 * `plain` (over-one-under-one), `twill` (2/2 diagonal), `herringbone` (twill reversing in
 * columns), `check` (crossing colour bands), `stripe` (warp stripes), `jacquard` (tone-on-tone
 * woven motif on a satin ground), `slub` (linen-like irregular yarn), `denim` (3/1 indigo twill
 * with pale weft) and `pinstripe` (fine light lines on a twill ground).
 */
export type Weave =
  | 'plain'
  | 'twill'
  | 'herringbone'
  | 'check'
  | 'stripe'
  | 'jacquard'
  | 'slub'
  | 'denim'
  | 'pinstripe';

/**
 * What {@link textileSvg} draws: `'none'` is a full-bleed swatch of the cloth; every other value
 * is that garment's front view (a suit or tuxedo includes its trousers, a jodhpuri its
 * trousers, a sherwani its churidar, nightwear is a pyjama top and trousers).
 */
export type Garment =
  | 'none'
  | 'suit'
  | 'sherwani'
  | 'kurta'
  | 'shirt'
  | 'tshirt'
  | 'trousers'
  | 'jeans'
  | 'waistcoat'
  | 'nightwear'
  | 'shorts'
  | 'jodhpuri'
  | 'tuxedo';

/** Options of {@link textileSvg}. */
export interface TextileOptions {
  /** Any integer; the same options always give the same SVG. */
  seed: number;
  /** Three '#rrggbb' colours: base, accent, highlight. */
  palette: readonly [string, string, string];
  weave: Weave;
  /** 'none' draws a full-bleed fabric swatch with a soft fold/drape shading; other values draw that garment's silhouette filled with the weave on a light studio backdrop. */
  garment: Garment;
  /** Output size in px (the seed uses 1200 x 1500, portrait 4:5, and 1600 x 1200 for gallery). */
  width: number;
  /** Output height in px. */
  height: number;
}

/** Kinds of gallery scene drawn by {@link sceneSvg}. */
type SceneKind = 'store' | 'bolts' | 'swatches' | 'tailoring';

/** Every weave, in a stable order. */
export const WEAVES: readonly Weave[] = [
  'plain',
  'twill',
  'herringbone',
  'check',
  'stripe',
  'jacquard',
  'slub',
  'denim',
  'pinstripe',
];
/** Every garment, in a stable order. */
export const GARMENTS: readonly Garment[] = [
  'none',
  'suit',
  'sherwani',
  'kurta',
  'shirt',
  'tshirt',
  'trousers',
  'jeans',
  'waistcoat',
  'nightwear',
  'shorts',
  'jodhpuri',
  'tuxedo',
];
const SCENES: readonly SceneKind[] = ['store', 'bolts', 'swatches', 'tailoring'];

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const MIN_SIZE = 16;
const MAX_SIZE = 8192;

type Rand = () => number;

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

function checkPalette(palette: unknown): [string, string, string] {
  if (!Array.isArray(palette) || palette.length !== 3) {
    throw new RangeError('palette must be an array of exactly three "#rrggbb" colours');
  }
  const out: string[] = [];
  for (const c of palette as unknown[]) {
    if (typeof c !== 'string' || !HEX_COLOUR.test(c)) {
      const shown = typeof c === 'string' ? JSON.stringify(c.slice(0, 32)) : typeof c;
      throw new RangeError(`palette colour ${shown} is not a "#rrggbb" colour`);
    }
    out.push(c.toLowerCase());
  }
  return [out[0] ?? '#000000', out[1] ?? '#000000', out[2] ?? '#000000'];
}

function checkCommon(seed: unknown, width: unknown, height: unknown): void {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new RangeError('seed must be a safe integer');
  }
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_SIZE || v > MAX_SIZE) {
      throw new RangeError(`${name} must be an integer number of px in [${MIN_SIZE}, ${MAX_SIZE}]`);
    }
  }
}

function checkOneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new RangeError(`${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

// ---------------------------------------------------------------------------
// Numbers, randomness, colours
// ---------------------------------------------------------------------------

function hash32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** mulberry32 seeded from the 53-bit seed and a stream salt. */
function makeRand(seed: number, salt: number): Rand {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let a = hash32(lo ^ hash32(hi + 0x9e3779b9) ^ hash32(salt * 0x85ebca6b + 1));
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(r: Rand, a: number, b: number): number {
  return a + (b - a) * r();
}

function intBetween(r: Rand, a: number, b: number): number {
  return Math.min(b, a + Math.floor((b - a + 1) * r()));
}

function pick<T>(r: Rand, items: readonly T[], fallback: T): T {
  return items[Math.floor(r() * items.length)] ?? fallback;
}

function shuffle<T>(r: Rand, items: readonly T[]): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}

/** Format a number with at most `d` decimals (no "-0"). */
function f(n: number, d = 1): string {
  const k = d === 0 ? 1 : d === 1 ? 10 : d === 2 ? 100 : 1000;
  const r = Math.round(n * k) / k;
  return r === 0 ? '0' : String(r);
}

type Rgb = [number, number, number];

function rgb(c: string): Rgb {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hex(c: Rgb): string {
  const h = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(c[0])}${h(c[1])}${h(c[2])}`;
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** t > 0 mixes towards white, t < 0 towards black. */
function shade(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#000000', -t);
}

function lum(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function idPrefix(seed: number, salt: number): string {
  return `t${hash32((seed >>> 0) ^ hash32(salt + Math.floor(seed / 4294967296)))
    .toString(36)
    .slice(0, 5)}`;
}

// ---------------------------------------------------------------------------
// Path helpers (absolute M/L/C/Q/Z only)
// ---------------------------------------------------------------------------

type Seg = { cmd: string; pts: number[] };

function parsePath(d: string): Seg[] {
  const toks = d.match(/[MLCQZ]|-?\d*\.?\d+/gi) ?? [];
  const segs: Seg[] = [];
  let cur: Seg | undefined;
  for (const t of toks) {
    if (/^[a-z]$/i.test(t)) {
      cur = { cmd: t.toUpperCase(), pts: [] };
      segs.push(cur);
    } else if (cur) {
      cur.pts.push(Number(t));
    }
  }
  return segs;
}

function mapPath(d: string, m: (x: number, y: number) => [number, number], dec = 1): string {
  let out = '';
  for (const s of parsePath(d)) {
    out += s.cmd;
    for (let i = 0; i + 1 < s.pts.length; i += 2) {
      const [x, y] = m(s.pts[i] ?? 0, s.pts[i + 1] ?? 0);
      out += `${i ? ' ' : ''}${f(x, dec)} ${f(y, dec)}`;
    }
  }
  return out;
}

/** Mirror a unit-space path about x = 50. */
function mirror(d: string): string {
  return mapPath(d, (x, y) => [100 - x, y], 2);
}

/**
 * Close a right-half outline (starting and ending on x = 50) into a full symmetric
 * outline by appending its mirror image, walked backwards.
 */
function sym(d: string): string {
  const segs = parsePath(d).filter((s) => s.cmd !== 'Z');
  const pts: Array<[number, number]> = [];
  const ends: Array<[number, number]> = [];
  for (const s of segs) {
    const n = s.pts.length;
    ends.push([s.pts[n - 2] ?? 0, s.pts[n - 1] ?? 0]);
    for (let i = 0; i + 1 < n; i += 2) pts.push([s.pts[i] ?? 0, s.pts[i + 1] ?? 0]);
  }
  let out = d;
  for (let k = segs.length - 1; k >= 1; k--) {
    const s = segs[k];
    if (!s) continue;
    const ctrl: Array<[number, number]> = [];
    for (let i = 0; i + 3 < s.pts.length; i += 2) ctrl.push([s.pts[i] ?? 0, s.pts[i + 1] ?? 0]);
    ctrl.reverse();
    const end = ends[k - 1] ?? [50, 0];
    const all = [...ctrl, end].map(([x, y]) => `${f(100 - x, 2)} ${f(y, 2)}`);
    out += `${s.cmd}${all.join(' ')}`;
  }
  return `${out}Z`;
}

/** Split a path into its subpaths (each starting with M). */
function subpaths(d: string): Seg[][] {
  const out: Seg[][] = [];
  for (const seg of parsePath(d)) {
    if (seg.cmd === 'M' || out.length === 0) out.push([]);
    out[out.length - 1]?.push(seg);
  }
  return out;
}

/**
 * Rewrite every subpath of `d` to wind clockwise (in y-down coordinates), so that
 * several outlines concatenated into one path fill as their union under "nonzero".
 */
function clockwise(d: string): string {
  let out = '';
  for (const sub of subpaths(d)) {
    const pts: number[] = sub.flatMap((sg) => sg.pts);
    let area = 0;
    for (let i = 0; i + 1 < pts.length; i += 2) {
      const j = (i + 2) % pts.length;
      area += (pts[i] ?? 0) * (pts[j + 1] ?? 0) - (pts[j] ?? 0) * (pts[i + 1] ?? 0);
    }
    const segs = sub.filter((sg) => sg.cmd !== 'Z');
    const fmt = (xs: number[]) => xs.map((v) => f(v, 2)).join(' ');
    if (area >= 0) {
      out += segs.map((sg) => sg.cmd + fmt(sg.pts)).join('') + 'Z';
      continue;
    }
    // reverse: start at the same point, walk the closing edge first, then segments backwards
    const first = segs[0];
    if (!first) continue;
    const ends = segs.map((sg) => sg.pts.slice(-2));
    let rev = `M${fmt(first.pts)}`;
    const last = ends[ends.length - 1] ?? first.pts;
    rev += `L${fmt(last)}`;
    for (let k = segs.length - 1; k >= 1; k--) {
      const sg = segs[k];
      if (!sg) continue;
      const ctrl: number[][] = [];
      for (let i = 0; i + 3 < sg.pts.length; i += 2) ctrl.push(sg.pts.slice(i, i + 2));
      ctrl.reverse();
      rev += sg.cmd + fmt([...ctrl.flat(), ...(ends[k - 1] ?? [])]);
    }
    out += `${rev}Z`;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Fabric: <pattern> layers
// ---------------------------------------------------------------------------

/** A repeating band of colour: vertical (warp-wise) or, when `across`, horizontal. */
interface Band {
  across: boolean;
  pos: number;
  width: number;
  colour: string;
  op: number;
}

/** Stripe/check layout of a cloth: bands repeating every `period` px in both directions. */
interface Design {
  period: number;
  bands: Band[];
}

interface Fabric {
  defs: string;
  /** Fill values (url(#..) references) painted one over the other. */
  fills: string[];
  /** `fills` without the stripe/check overlay (equal to `fills` when there is none). */
  texture: string[];
  /** The stripe/check overlay as geometry, for cloths drawn rotated. */
  design?: Design;
  base: string;
  /** Dark ink colour matching the cloth, for outlines and seams. */
  ink: string;
}

interface Colours {
  base: string;
  accent: string;
  hi: string;
}

function interlace(
  id: string,
  nx: number,
  ny: number,
  pitch: number,
  up: (i: number, j: number) => boolean,
  warp: string,
  weft: string,
  r: Rand,
  vary: number,
  relief: number,
): string {
  // Whole-pixel thread pitch: every thread then rasterises identically, which avoids a
  // faint tile-sized check when the picture is downscaled.
  const px = Math.max(2, Math.round(pitch));
  const py = px;
  const tw = nx * px;
  const th = ny * py;
  // Soft gaps: crisp dark lines between threads carry strong harmonics that alias into a
  // visible check when the picture is shrunk to thumbnail widths.
  const gap = shade(mix(warp, weft, 0.5), -0.07);
  // Round-yarn shading: one repeating gradient per direction, one thread pitch long.
  const yarn = (gid: string, horizontal: boolean, period: number) =>
    `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" spreadMethod="repeat" x1="0" y1="0" x2="${horizontal ? f(period, 3) : 0}" y2="${horizontal ? 0 : f(period, 3)}">${stops(
      [
        // symmetric, so odd harmonics only: the 2nd is what aliases into a slow beat
        [0, '#000', relief * 0.6],
        [0.5, '#fff', relief * 0.35],
        [1, '#000', relief * 0.6],
      ],
    )}</linearGradient>`;
  let s = `<pattern id="${id}" width="${tw}" height="${th}" patternUnits="userSpaceOnUse">${yarn(`${id}x`, true, px)}${yarn(`${id}y`, false, py)}<rect width="${tw}" height="${th}" fill="${gap}"/>`;
  for (let j = 0; j < ny; j++) {
    const c = shade(weft, (r() - 0.5) * 2 * vary);
    s += `<rect y="${f(j * py + py * 0.05, 2)}" width="${tw}" height="${f(py * 0.9, 2)}" fill="${c}"/>`;
  }
  s += `<rect width="${tw}" height="${th}" fill="url(#${id}y)"/>`;
  let floats = '';
  for (let i = 0; i < nx; i++) {
    const c = shade(warp, (r() - 0.5) * 2 * vary);
    const col: boolean[] = [];
    for (let j = 0; j < ny; j++) col.push(up(i, j));
    if (!col.includes(true)) continue;
    const x = i * px + px * 0.05;
    const w = px * 0.9;
    const runs: Array<[number, number]> = [];
    if (!col.includes(false)) {
      runs.push([0, ny]);
    } else {
      const j0 = col.indexOf(false);
      let start = -1;
      for (let k = 1; k <= ny; k++) {
        const j = j0 + k;
        const isUp = col[j % ny] === true;
        if (isUp && start < 0) start = j;
        if (!isUp && start >= 0) {
          runs.push([start, j - start]);
          start = -1;
        }
      }
    }
    for (const [st, len] of runs) {
      const full = len === ny;
      for (const off of [0, -ny]) {
        const y0 = (st + off) * py + (full ? 0 : py * 0.04);
        const h = len * py - (full ? 0 : py * 0.08);
        if (y0 + h <= 0 || y0 >= th) continue;
        const rx = full ? 0 : Math.min(px * 0.45, h / 2);
        s += `<rect x="${f(x, 2)}" y="${f(y0, 2)}" width="${f(w, 2)}" height="${f(h, 2)}" rx="${f(rx, 2)}" fill="${c}"/>`;
        floats += `<rect x="${f(x, 2)}" y="${f(y0, 2)}" width="${f(w, 2)}" height="${f(h, 2)}" rx="${f(rx, 2)}"/>`;
      }
    }
  }
  s += `<g fill="url(#${id}x)">${floats}</g>`;
  return `${s}</pattern>`;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * Thick/thin thread irregularities (short translucent dashes) on a large tile whose size is
 * unrelated to the weave tile, to break up visible repetition.
 */
function grain(
  id: string,
  u: number,
  r: Rand,
  count: number,
  vertical: boolean,
  strength: number,
): string {
  const w = Math.max(8, Math.round(u * 29));
  const h = Math.max(8, Math.round(u * 23));
  let light = '';
  let dark = '';
  for (let k = 0; k < count; k++) {
    const len = between(r, 2, 9) * u;
    const t = between(r, 0.25, 0.5) * u;
    const a = r() * (vertical ? h : w) - len / 2;
    const b = r() * (vertical ? w : h);
    const span = vertical ? h : w;
    let d = '';
    for (const off of [0, a + len > span ? -span : a < 0 ? span : 0]) {
      if (off === 0 && d) continue;
      const p0 = a + off;
      d += vertical
        ? `M${f(b, 1)} ${f(p0, 1)}h${f(t, 2)}v${f(len, 1)}h-${f(t, 2)}z`
        : `M${f(p0, 1)} ${f(b, 1)}h${f(len, 1)}v${f(t, 2)}h-${f(len, 1)}z`;
    }
    if (r() < 0.5) light += d;
    else dark += d;
  }
  let s = `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">`;
  if (light) s += `<path d="${light}" fill="#fff" fill-opacity="${f(strength, 3)}"/>`;
  if (dark) s += `<path d="${dark}" fill="#000" fill-opacity="${f(strength * 1.2, 3)}"/>`;
  return `${s}</pattern>`;
}

/**
 * Build the pattern layers for one cloth.
 * @param u  fabric scale in px (roughly 1/100 of the picture's short side)
 * @param lite  fewer threads per tile (used for small cloths in scenes)
 */
function buildFabric(
  id: string,
  weave: Weave,
  c: Colours,
  u: number,
  r: Rand,
  lite = false,
): Fabric {
  const { base, accent, hi } = c;
  const dark = lum(base) < 0.18;
  const defs: string[] = [];
  const fills: string[] = [];
  const n = lite ? 4 : 8;
  const tex = (
    nx: number,
    ny: number,
    pitch: number,
    up: (i: number, j: number) => boolean,
    warp: string,
    weft: string,
    vary = 0.06,
    relief = 0.22,
  ): number => {
    const d = interlace(`${id}w`, nx, ny, pitch, up, warp, weft, r, vary, relief);
    defs.push(d);
    fills.push(`url(#${id}w)`);
    return Number(/height="(\d+)"/.exec(d)?.[1] ?? '8');
  };
  const overlay = (w: number, h: number, body: string) => {
    defs.push(
      `<pattern id="${id}o" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${body}</pattern>`,
    );
    fills.push(`url(#${id}o)`);
  };
  let bands: Design | undefined;
  const design = (period: number, list: Band[]) => {
    bands = { period, bands: list };
    overlay(
      period,
      period,
      list
        .map((b) =>
          b.across
            ? `<rect y="${f(b.pos, 2)}" width="${period}" height="${f(b.width, 2)}" fill="${b.colour}" fill-opacity="${b.op}"/>`
            : `<rect x="${f(b.pos, 2)}" width="${f(b.width, 2)}" height="${period}" fill="${b.colour}" fill-opacity="${b.op}"/>`,
        )
        .join(''),
    );
  };
  const plainUp = (i: number, j: number) => (i + j) % 2 === 0;
  const twillUp = (i: number, j: number) => mod(i + j, 4) < 2;
  const lift = dark ? 0.1 : 0.06;
  // Per-thread tone variation repeats with the tile, so it stays faint (a stronger one reads as
  // a check once the picture is downscaled); the large grain tile adds irregularity instead.
  const TONE = 0.015;
  // One thread pitch for every weave: 5 px at the catalogue's 1200 x 1500 and 1600 x 1200.
  // With 5 px threads the low harmonics of the thread texture fold to fine (<= 4 px) texture,
  // not to a slow beat, when sharp shrinks the picture to 320, 640 or 960 px wide.
  const threadPitch = 0.42 * u;
  switch (weave) {
    case 'plain':
      tex(
        n,
        n,
        threadPitch,
        plainUp,
        shade(base, lift * 0.5),
        mix(shade(base, -0.02), accent, 0.06),
        TONE,
        0.2,
      );
      break;
    case 'twill':
      tex(n, n, threadPitch, twillUp, shade(base, lift), shade(base, -0.14), TONE, 0.2);
      break;
    case 'herringbone': {
      const k = lite ? 4 : 6;
      const light = shade(mix(base, hi, 0.3), dark ? 0.12 : 0.05);
      tex(
        2 * k,
        8,
        threadPitch,
        (i, j) => mod((Math.floor(i / k) % 2 ? -i : i) + j, 4) < 2,
        light,
        shade(base, -0.22),
        TONE,
        0.2,
      );
      break;
    }
    case 'denim': {
      const weft = mix(mix('#e9e5d8', hi, 0.12), base, 0.35);
      tex(n, n, threadPitch, (i, j) => mod(i + j, 4) !== 0, base, weft, 0.08, 0.25);
      break;
    }
    case 'slub': {
      const weft = shade(base, -0.05);
      const th = tex(n, n, threadPitch, plainUp, shade(base, lift * 0.8), weft, 0.05, 0.18);
      const py = th / n;
      const w = Math.max(8, Math.round(u * 41));
      const h = th * Math.max(1, Math.round((u * 27) / th));
      let lt = '';
      let dk = '';
      const count = lite ? 24 : 60;
      const cap = (x: number, y: number, len: number, t: number) =>
        `<rect x="${f(x, 1)}" y="${f(y, 2)}" width="${f(len, 1)}" height="${f(t, 2)}" rx="${f(t / 2, 2)}"/>`;
      for (let k = 0; k < count; k++) {
        const len = between(r, 1.2, 4.5) * u;
        const x = r() * w - len / 2;
        const row = Math.floor(r() * (h / py));
        const t = py * between(r, 0.9, 1.25);
        const y = row * py + py / 2 - t / 2;
        let rect = cap(x, y, len, t);
        // wrap across the tile edges so slubs never look clipped
        if (x + len > w) rect += cap(x - w, y, len, t);
        if (x < 0) rect += cap(x + w, y, len, t);
        if (r() < 0.65) lt += rect;
        else dk += rect;
      }
      overlay(
        w,
        h,
        `<g fill="${shade(weft, 0.16)}" fill-opacity=".7">${lt}</g><g fill="${shade(weft, -0.16)}" fill-opacity=".55">${dk}</g>`,
      );
      break;
    }
    case 'check': {
      tex(n, n, threadPitch, plainUp, shade(base, lift), shade(base, -0.04), TONE, 0.16);
      const R = Math.max(8, Math.round(u * between(r, 12, 18)));
      const variant = intBetween(r, 0, 2);
      const bands: Band[] = [];
      const band = (pos: number, width: number, colour: string, op: number) => {
        bands.push(
          { across: false, pos, width, colour, op },
          { across: true, pos, width, colour, op },
        );
      };
      if (variant === 0) {
        band(0, R / 2, accent, 0.42);
        band(R * 0.75 - u * 0.15, u * 0.3, hi, 0.45);
      } else if (variant === 1) {
        band(0, Math.max(1, u * 0.45), accent, 0.8);
        band(R / 2, Math.max(1, u * 0.22), hi, 0.55);
      } else {
        band(0, R * 0.32, accent, 0.45);
        band(R * 0.32 + u * 0.5, u * 0.35, hi, 0.7);
        band(R * 0.66, R * 0.12, shade(accent, -0.4), 0.3);
      }
      design(R, bands);
      break;
    }
    case 'stripe': {
      tex(n, n, threadPitch, twillUp, shade(base, lift), shade(base, -0.1), TONE, 0.16);
      const R = Math.max(6, Math.round(u * between(r, 8, 13)));
      const variant = intBetween(r, 0, 2);
      const bands: Band[] = [];
      const stripe = (pos: number, width: number, colour: string, op: number) => {
        bands.push({ across: false, pos, width, colour, op });
      };
      if (variant === 0) {
        stripe(0, R / 2, accent, 0.7);
      } else if (variant === 1) {
        stripe(0, R * 0.3, accent, 0.75);
        stripe(R * 0.3 + u * 0.6, Math.max(1, u * 0.35), hi, 0.75);
        stripe(R * 0.62, Math.max(1, u * 0.35), hi, 0.5);
      } else {
        stripe(0, Math.max(1, u * 0.5), accent, 0.85);
        stripe(u * 1.1, Math.max(1, u * 0.25), hi, 0.75);
      }
      design(R, bands);
      break;
    }
    case 'pinstripe': {
      tex(n, n, threadPitch, twillUp, shade(base, lift * 0.8), shade(base, -0.12), TONE, 0.18);
      const R = Math.max(6, Math.round(u * between(r, 5.5, 8)));
      const lw = Math.max(0.8, u * 0.16);
      const chalk = r() < 0.35;
      design(R, [
        {
          across: false,
          pos: R / 2 - lw / 2,
          width: chalk ? lw * 1.8 : lw,
          colour: hi,
          op: chalk ? 0.45 : 0.8,
        },
      ]);
      break;
    }
    case 'jacquard': {
      tex(
        lite ? 5 : 10,
        lite ? 5 : 10,
        threadPitch,
        (i, j) => mod(i * 2 + j, 5) !== 0,
        shade(base, lift * 0.6),
        shade(base, -0.1),
        TONE,
        0.14,
      );
      const M = Math.max(12, Math.round(u * between(r, 15, 20)));
      const petals = pick(r, [4, 6, 8], 6);
      const motif = (cx: number, cy: number, rad: number) => {
        let d = '';
        for (let k = 0; k < petals; k++) {
          const a = (k / petals) * Math.PI * 2;
          const ca = Math.cos(a);
          const sa = Math.sin(a);
          const p = (x: number, y: number) =>
            `${f(cx + x * ca - y * sa, 2)} ${f(cy + x * sa + y * ca, 2)}`;
          d += `M${p(rad * 0.18, 0)}C${p(rad * 0.45, -rad * 0.32)} ${p(rad * 0.85, -rad * 0.22)} ${p(rad, 0)}C${p(rad * 0.85, rad * 0.22)} ${p(rad * 0.45, rad * 0.32)} ${p(rad * 0.18, 0)}Z`;
        }
        return d;
      };
      const big = M * 0.3;
      const small = M * 0.12;
      let d = '';
      for (const [x, y] of [
        [0, 0],
        [M, 0],
        [0, M],
        [M, M],
      ] as const)
        d += motif(x, y, big);
      const dots = motif(M / 2, M / 2, small);
      const motifColour = mix(base, hi, dark ? 0.35 : 0.45);
      overlay(
        M,
        M,
        `<path d="${d}" fill="${motifColour}" fill-opacity=".5"/><path d="${dots}" fill="${mix(motifColour, accent, 0.4)}" fill-opacity=".45"/>`,
      );
      break;
    }
  }
  if (!lite) {
    defs.push(grain(`${id}g`, u, r, 30, weave === 'denim', weave === 'denim' ? 0.07 : 0.04));
    fills.push(`url(#${id}g)`);
  }
  return {
    defs: defs.join(''),
    fills,
    texture: bands ? fills.filter((fl) => fl !== `url(#${id}o)`) : fills,
    ...(bands ? { design: bands } : {}),
    base,
    ink: shade(base, dark ? -0.55 : -0.5),
  };
}

// ---------------------------------------------------------------------------
// SVG assembly helpers
// ---------------------------------------------------------------------------

function svgDoc(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

type Stop = readonly [offset: number, colour: string, opacity: number];

function stops(list: readonly Stop[]): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o, 3)}" stop-color="${c}"${a < 1 ? ` stop-opacity="${f(a, 3)}"` : ''}/>`,
    )
    .join('');
}

function linear(
  id: string,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  list: readonly Stop[],
  extra = '',
): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${extra}>${stops(list)}</linearGradient>`;
}

function radial(
  id: string,
  cx: number,
  cy: number,
  rad: number,
  list: readonly Stop[],
  extra = '',
): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}"${extra}>${stops(list)}</radialGradient>`;
}

// ---------------------------------------------------------------------------
// Garments
// ---------------------------------------------------------------------------

/** Draws unit-space (0..100 wide) garment parts into px space. */
class Pen {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  /** Unit-space outlines of every opaque piece, wound clockwise. */
  readonly sil: string[] = [];
  private n = 0;
  constructor(
    readonly id: string,
    readonly ox: number,
    readonly oy: number,
    readonly s: number,
    readonly fab: Fabric,
  ) {}
  d(path: string): string {
    return mapPath(path, (x, y) => [this.ox + x * this.s, this.oy + y * this.s]);
  }
  x(v: number): number {
    return this.ox + v * this.s;
  }
  y(v: number): number {
    return this.oy + v * this.s;
  }
  w(v: number): string {
    return f(v * this.s, 2);
  }
  private ref(path: string): string {
    const pid = `${this.id}p${this.n++}`;
    this.defs.push(`<path id="${pid}" d="${this.d(path)}"/>`);
    return pid;
  }
  /** A piece of the main cloth, with an optional tint and an outline. */
  cloth(path: string, tint?: readonly [string, number], outline = true): void {
    const pid = this.ref(path);
    this.sil.push(clockwise(path));
    for (const fill of this.fab.fills) this.body.push(`<use href="#${pid}" fill="${fill}"/>`);
    if (tint)
      this.body.push(`<use href="#${pid}" fill="${tint[0]}" fill-opacity="${f(tint[1], 3)}"/>`);
    if (outline)
      this.body.push(
        `<use href="#${pid}" fill="none" stroke="${this.fab.ink}" stroke-opacity=".55" stroke-width="${this.w(0.35)}" stroke-linejoin="round"/>`,
      );
  }
  /** A solid-filled piece (shirt, tie, lining, satin…), part of the silhouette. */
  solid(path: string, fill: string, outline?: string): void {
    const pid = this.ref(path);
    this.sil.push(clockwise(path));
    this.body.push(
      `<use href="#${pid}" fill="${fill}"${outline ? ` stroke="${outline}" stroke-opacity=".5" stroke-width="${this.w(0.3)}" stroke-linejoin="round"` : ''}/>`,
    );
  }
  /** A translucent shadow cast by unit-space paths, offset by (dx, dy) units. */
  cast(paths: readonly string[], dx: number, dy: number, opacity: number): void {
    const d = paths
      .map((p) =>
        mapPath(clockwise(p), (x, y) => [this.ox + (x + dx) * this.s, this.oy + (y + dy) * this.s]),
      )
      .join('');
    this.body.push(`<path d="${d}" fill="#000" fill-opacity="${f(opacity, 3)}"/>`);
  }
  line(path: string, colour: string, width: number, opacity = 1, dash?: readonly number[]): void {
    this.body.push(
      `<path d="${this.d(path)}" fill="none" stroke="${colour}" stroke-width="${this.w(width)}"${opacity < 1 ? ` stroke-opacity="${f(opacity, 3)}"` : ''}${dash ? ` stroke-dasharray="${dash.map((v) => this.w(v)).join(' ')}"` : ''} stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  /** Stitching: a dashed line in the given colour. */
  stitch(path: string, colour: string, opacity = 0.8): void {
    this.line(path, colour, 0.28, opacity, [0.9, 0.6]);
  }
  button(cx: number, cy: number, rad: number, colour: string): void {
    const x = this.x(cx);
    const y = this.y(cy);
    const rr = rad * this.s;
    this.body.push(
      `<circle cx="${f(x)}" cy="${f(y + rr * 0.25)}" r="${f(rr)}" fill="#000" fill-opacity=".25"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(rr)}" fill="${colour}" stroke="${shade(colour, -0.45)}" stroke-width="${f(Math.max(0.5, rr * 0.12), 2)}"/><circle cx="${f(x - rr * 0.3)}" cy="${f(y - rr * 0.3)}" r="${f(rr * 0.3)}" fill="#fff" fill-opacity=".35"/>`,
    );
  }
  raw(svg: string): void {
    this.body.push(svg);
  }
}

interface GarmentSpec {
  /** Unit-space bounding box: x0, y0, x1, y1. */
  box: readonly [number, number, number, number];
  /** Fraction of the picture height the garment should fill (default 0.7). */
  fill?: number;
  draw: (p: Pen, c: Colours) => void;
}

const SHIRT_WHITE = '#f5f3ee';

function shirtColour(c: Colours): string {
  return lum(c.hi) > 0.8 ? mix(c.hi, '#ffffff', 0.5) : mix(SHIRT_WHITE, c.hi, 0.08);
}

/** Shared jacket geometry (suit, tuxedo). */
const JACKET = sym(
  'M50 1.8 L58.5 1.4 C66 3.4 74 6 80 8.5 C80.8 15 80.3 21 79.5 27 C77.5 44 77 56 78.5 70 L79.5 92.5 C72 94.8 62 96 56 95.5 C53.2 89 51.2 82 50 76',
);
const CLOSED_JACKET = sym(
  'M50 3.8 L58 3 C66 4.5 74 6.5 80 8.8 C80.8 15 80.3 21 79.5 27 C77.5 44 77 56 78.5 70 L79.5 93 C70 94.6 60 95.2 50 95.2',
);
const SLEEVE =
  'M79.8 8.8 C85.5 9.6 88.6 13.5 89.6 19.5 L94.2 74 C90.5 75.6 86.4 75.8 83 74.8 L79.6 27 Z';
const SUIT_TROUSERS = sym(
  'M50 66 L73.5 66 C74.5 80 74.5 90 73.8 100 L72.6 172 L56.5 172 L51.2 104 C50.9 101 50.5 100 50 100',
);

/** Apply `fn` to a unit-space path and to its mirror image. */
function both(path: string, fn: (d: string) => void): void {
  fn(path);
  fn(mirror(path));
}

function suitTrousers(p: Pen, jacket: string, satin?: string): void {
  p.cloth(SUIT_TROUSERS);
  both('M64.8 97 L64.6 171', (d) => p.line(d, p.fab.ink, 0.3, 0.35));
  if (satin) both('M72.9 100 L71.9 171.5', (d) => p.line(d, satin, 1.3, 1));
  p.cast([jacket], 0.4, 1.6, 0.22);
}

function sleeves(p: Pen, path: string, cuffButtons: boolean, buttonColour: string): void {
  both(path, (d) => p.cloth(d, ['#000', 0.07]));
  if (cuffButtons) {
    for (let k = 0; k < 3; k++) {
      const y = 70.5 - k * 2.6;
      p.button(90.2 - k * 0.2, y, 0.75, buttonColour);
      p.button(100 - (90.2 - k * 0.2), y, 0.75, buttonColour);
    }
  }
}

function jacketCommon(p: Pen, c: Colours, tux: boolean): void {
  const ink = p.fab.ink;
  const shirt = shirtColour(c);
  const btn = tux ? shade(c.base, -0.55) : shade(mix(c.base, c.accent, 0.5), -0.35);
  suitTrousers(p, JACKET, tux ? shade(c.base, -0.35) : undefined);
  sleeves(p, SLEEVE, !tux, btn);
  p.cloth(JACKET);
  // shirt, collar and tie in the V
  p.solid('M43.4 1.4 L56.6 1.4 L50 61 Z', shirt);
  if (tux) {
    both('M51.5 16 L51.5 58', (d) => p.line(d, shade(shirt, -0.2), 0.25, 0.8));
    for (const y of [22, 30, 38]) p.button(50, y, 0.55, shade(c.base, -0.5));
  }
  both('M50.2 9 L55.8 1.6 L58 4 L54.6 14.2 Z', (d) => p.solid(d, shirt, shade(shirt, -0.4)));
  if (tux) {
    const bow = shade(c.base, -0.5);
    p.solid('M50 9.6 L44.2 6.6 L44.6 13.2 Z M50 9.6 L55.8 6.6 L55.4 13.2 Z', bow, '#000');
    p.solid('M48.6 8 L51.4 8 L51.4 11.4 L48.6 11.4 Z', shade(bow, 0.15));
  } else {
    p.solid(
      'M47.9 8.2 L52.1 8.2 L51.2 12.8 L48.8 12.8 Z',
      shade(c.accent, -0.1),
      shade(c.accent, -0.5),
    );
    p.solid('M48.8 12.8 L51.2 12.8 L53.1 50 L50 54 L46.9 50 Z', c.accent, shade(c.accent, -0.5));
    both('M48.4 20 L52 16.6 M47.9 28 L52.6 23.5 M47.4 36 L52.9 31', (d) =>
      p.line(d, c.hi, 0.45, 0.35),
    );
  }
  // lapels
  const lapel = tux
    ? 'M56.6 1.4 L50.3 61 C56 50 62.5 36 63.6 22 C64.2 12 62 5.5 60 1.4 Z'
    : 'M56.6 1.4 L50.3 61 C55.5 48.5 62.5 33.5 67.6 21 L62.8 18.2 L64.9 13.8 C62.6 9.5 61 5.5 60 1.4 Z';
  if (tux) {
    const sat = shade(c.base, -0.3);
    p.defs.push(
      linear(`${p.id}sat`, p.x(44), p.y(10), p.x(64), p.y(50), [
        [0, shade(sat, 0.05), 1],
        [0.45, shade(sat, 0.32), 1],
        [0.6, shade(sat, 0.1), 1],
        [1, shade(sat, -0.2), 1],
      ]),
    );
    both(lapel, (d) => p.solid(d, `url(#${p.id}sat)`, '#000'));
  } else {
    both(lapel, (d) => {
      p.cloth(d, ['#fff', 0.06]);
    });
    both('M62.8 18.2 L55.2 15.6', (d) => p.line(d, ink, 0.3, 0.6));
    both('M50.4 61 C55.6 48.5 62.6 33.5 67.6 21', (d) => p.line(d, '#000', 0.7, 0.12));
  }
  p.line('M50.5 61 L50.5 76', ink, 0.3, 0.5);
  // pockets
  both(
    tux ? 'M60 69.5 L74.5 69 L74.55 70 L60.05 70.5 Z' : 'M60 68 L74.5 67.4 L74.7 72.6 L60.2 73.2 Z',
    (d) => p.cloth(d, ['#000', 0.04]),
  );
  p.cloth('M63.5 33.5 L73 31.8 L73.3 34.2 L63.8 35.9 Z', ['#000', 0.04]);
  if (!tux) {
    p.solid(
      'M64.6 33.3 L66.6 29.6 L68.5 32.4 L70.3 29.8 L72.1 31.9 Z',
      mix(c.hi, '#ffffff', 0.2),
      shade(c.hi, -0.4),
    );
  }
  p.button(50, 61.5, tux ? 1.35 : 1.3, btn);
  if (!tux) p.button(50, 73.5, 1.3, btn);
}

function closedJacket(p: Pen, c: Colours, long: boolean): void {
  const ink = p.fab.ink;
  const metal = mix(c.hi, '#d8b45a', lum(c.hi) > 0.75 ? 0.7 : 0.25);
  const body = long
    ? sym(
        'M50 3.8 L58 3 C66 4.5 74 6.5 80 8.8 C80.8 15 80.3 21 79.5 27 C78 44 77.5 56 79 72 L84.5 146 C74 148 62 149 50 149',
      )
    : CLOSED_JACKET;
  const sleeve = long
    ? 'M79.8 8.8 C85.5 9.6 88.6 13.5 89.6 19.5 L94.5 80 C90.5 81.6 86.4 81.8 83 80.8 L79.6 27 Z'
    : SLEEVE;
  if (long) {
    const leg = sym(
      'M50 138 L66 138 C65.6 160 64.2 175 62.8 188 L55.4 188.5 C53.8 170 52.3 155 51.2 146 C50.8 144 50.4 143 50 143',
    );
    const cream = mix(c.hi, '#f7f2e6', 0.65);
    p.solid(leg, cream, shade(cream, -0.45));
    both(
      'M55.6 176 C58 175 61 175 63.6 176.2 M55.5 180 C58 179 61 179 63.3 180.2 M55.3 184 C58 183 61 183 63 184.2',
      (d) => p.line(d, shade(cream, -0.35), 0.3, 0.6),
    );
    p.cast([body], 0.4, 1.6, 0.2);
  } else {
    p.cloth(SUIT_TROUSERS);
    both('M64.8 97 L64.6 171', (d) => p.line(d, ink, 0.3, 0.35));
    p.cast([body], 0.4, 1.6, 0.22);
  }
  sleeves(p, sleeve, false, metal);
  p.cloth(body);
  // mandarin collar
  const collar = long
    ? 'M41.2 6 C40.8 3 41.2 0.4 42.4 -0.8 C47 0.4 53 0.4 57.6 -0.8 C58.8 0.4 59.2 3 58.8 6 C53 8 47 8 41.2 6 Z'
    : 'M41.5 5 C41 2.6 41.5 0.6 42.5 -0.2 C47 0.9 53 0.9 57.5 -0.2 C58.5 0.6 59 2.6 58.5 5 C53 6.9 47 6.9 41.5 5 Z';
  p.cloth(collar, ['#fff', 0.05]);
  if (long) {
    // embroidered borders: collar, front edge, cuffs, hem
    p.line('M41.6 4.8 C47 6.6 53 6.6 58.4 4.8', metal, 0.9, 0.85);
    p.line('M42 1.2 C47 2.2 53 2.2 58 1.2', metal, 0.4, 0.7, [0.5, 0.5]);
    p.line('M50 7.2 L50 148.8', metal, 1.6, 0.75);
    p.line('M50 7.2 L50 148.8', shade(metal, -0.3), 0.35, 0.8, [0.6, 0.6]);
    p.line(
      'M16 144 C28 146.4 40 147.2 49 147.3 M51 147.3 C60 147.2 72 146.4 84 144',
      metal,
      1.2,
      0.7,
    );
    both('M83.3 76.4 L94.2 75.4', (d) => p.line(d, metal, 1.3, 0.85));
    both('M82.4 130 L83.6 146', (d) => p.line(d, ink, 0.35, 0.6));
    for (let k = 0; k < 9; k++) p.button(50, 11 + k * 7.6, 0.95, metal);
  } else {
    p.line('M50 6.6 L50 95.2', ink, 0.32, 0.6);
    for (let k = 0; k < 6; k++) p.button(50, 10.5 + k * 9.5, 1.05, metal);
    both('M60 68 L74.5 67.4 L74.7 72.6 L60.2 73.2 Z', (d) => p.cloth(d, ['#000', 0.04]));
    p.cloth('M63.5 33.5 L73 31.8 L73.3 34.2 L63.8 35.9 Z', ['#000', 0.04]);
  }
}

const GARMENT_SPECS: Record<Exclude<Garment, 'none'>, GarmentSpec> = {
  suit: { box: [5.8, 0, 94.2, 172], draw: (p, c) => jacketCommon(p, c, false) },
  tuxedo: { box: [5.8, 0, 94.2, 172], draw: (p, c) => jacketCommon(p, c, true) },
  jodhpuri: { box: [5.8, 0, 94.2, 172], draw: (p, c) => closedJacket(p, c, false) },
  sherwani: { box: [5.5, -1, 94.5, 188.5], draw: (p, c) => closedJacket(p, c, true) },
  kurta: {
    box: [8.8, 0, 91.2, 144],
    draw: (p, c) => {
      const ink = p.fab.ink;
      const metal = mix(c.hi, '#d8b45a', 0.3);
      const body = sym(
        'M50 3 L57.5 2.5 C65 4 72 6 77.5 8.5 C78.3 15 78.2 22 77.8 29 C77 60 77.5 100 79.5 142 C70 143 60 143.5 50 143.5',
      );
      const sleeve =
        'M77.3 8.6 C83.5 9.5 86.8 14 87.8 20 L91.2 84 C87.5 85.2 84 85.2 80.8 84.5 L77.7 29 Z';
      both(sleeve, (d) => p.cloth(d, ['#000', 0.06]));
      p.cloth(body);
      p.cloth(
        'M42.6 4.6 C42.3 2.8 42.6 1.4 43.2 0.8 C47 1.8 53 1.8 56.8 0.8 C57.4 1.4 57.7 2.8 57.4 4.6 C53 6 47 6 42.6 4.6 Z',
        ['#fff', 0.05],
      );
      p.cloth('M48.2 5.4 L51.8 5.4 L51.8 31 L48.2 31 Z', ['#fff', 0.04]);
      for (const y of [10, 17.5, 25]) p.button(50, y, 0.8, metal);
      both('M79.3 141.6 L78.7 121', (d) => p.line(d, ink, 0.35, 0.6));
      p.line('M21 139.6 C40 140.8 60 140.8 79 139.6', c.hi, 0.4, 0.6, [0.9, 0.6]);
      both('M81 80.8 L91 80', (d) => p.line(d, c.hi, 0.4, 0.6, [0.9, 0.6]));
    },
  },
  shirt: {
    box: [3, 0, 97, 95],
    fill: 0.64,
    draw: (p, c) => {
      const ink = p.fab.ink;
      const body = sym(
        'M50 5 L57 3 C64.5 4.5 71.5 6.2 78 8.6 C78.8 15 78.5 21 78 27 C77.4 45 77.4 65 78 88 C72 94 62 95 56.5 91 C54.5 93.5 52.5 94.8 50 95',
      );
      const sleeve = 'M77.8 8.8 C84 9.8 87.5 14 89 20 L97 66 C93.5 68 89.5 68.8 86 68.4 L78.2 30 Z';
      const pearl = mix('#f4f0e6', c.hi, 0.15);
      both(sleeve, (d) => p.cloth(d, ['#000', 0.06]));
      both('M85.1 62.6 L95.9 60.2 L97 66 C93.5 68 89.5 68.8 86 68.4 Z', (d) =>
        p.cloth(d, ['#fff', 0.04]),
      );
      p.cloth(body);
      p.cloth('M42.4 4.2 C45 1 55 1 57.6 4.2 L57 6.4 C54 5 46 5 43 6.4 Z', ['#000', 0.22]);
      p.cloth('M48 10 L52 10 L52 94.6 L48 94.6 Z', ['#fff', 0.03]);
      both(
        'M50 10.5 L57.2 2.4 C60 3.4 61.8 4.8 62.6 6.6 L58.2 19 C55.8 15 52.8 12.4 50 10.5 Z',
        (d) => p.cloth(d, ['#fff', 0.05]),
      );
      for (let k = 0; k < 7; k++) p.button(50, 16 + k * 12, 0.8, pearl);
      both('M91.5 65.2 L91.5 65.2', (d) => p.line(d, pearl, 1.4, 1));
      p.cloth('M58 30 L70 30 L70 43 L64 45.2 L58 43 Z', ['#000', 0.03]);
      p.line('M58 32 L70 32', ink, 0.25, 0.5);
    },
  },
  tshirt: {
    box: [3.5, 0, 96.5, 94],
    fill: 0.62,
    draw: (p) => {
      const ink = p.fab.ink;
      const body = sym(
        'M50 2.6 L59 2.2 C65 4.6 71.5 6.8 78 9.4 L96.5 27 C93.8 30.6 90.8 33.6 87.5 36.5 L80 30 C79.2 50 79.2 70 80.2 92 C70 93.4 60 94 50 94',
      );
      p.cloth(body);
      p.cloth(
        'M41 2.2 C44 1.4 56 1.4 59 2.2 C57 9 53.5 11 50 11 C46.5 11 43 9 41 2.2 Z',
        ['#000', 0.28],
        false,
      );
      p.line('M41 2.4 C43 9 46.5 11 50 11 C53.5 11 57 9 59 2.4', shade(p.fab.base, -0.08), 1.8, 1);
      p.line('M41 2.4 C43 9 46.5 11 50 11 C53.5 11 57 9 59 2.4', ink, 0.3, 0.4);
      p.line(
        'M40 2.3 C42 10.2 46 12.2 50 12.2 C54 12.2 58 10.2 60 2.3',
        ink,
        0.25,
        0.5,
        [0.9, 0.6],
      );
      both('M95 28.6 C92.6 31.5 89.8 34.2 86.8 36.8', (d) => p.line(d, ink, 0.25, 0.5, [0.9, 0.6]));
      both('M78 9.4 C79 16 79.6 23 80 30', (d) => p.line(d, ink, 0.3, 0.4));
      p.line('M20 90.4 C35 91.8 65 91.8 80 90.4', ink, 0.25, 0.5, [0.9, 0.6]);
    },
  },
  trousers: {
    box: [21.8, -1, 78.2, 175],
    draw: (p) => {
      const ink = p.fab.ink;
      const legs = sym(
        'M50 0 L76.5 0 C77.8 20 78 38 77 60 L74.5 175 L56 175 L51.3 42 C51 38 50.6 36.5 50 36.5',
      );
      p.cloth(legs);
      p.cloth('M23.5 0 L76.5 0 L76.8 7 L23.2 7 Z', ['#fff', 0.05]);
      both('M56.2 -0.8 L58.2 -0.8 L58.2 8.2 L56.2 8.2 Z', (d) => p.cloth(d, ['#fff', 0.08]));
      both('M71.5 -0.8 L73.5 -0.8 L73.5 8.2 L71.5 8.2 Z', (d) => p.cloth(d, ['#fff', 0.08]));
      p.line('M53.6 7 L53.6 27 C53.6 31 52 33.5 50 35', ink, 0.3, 0.55);
      both('M66.5 7 L75.9 27', (d) => p.line(d, ink, 0.35, 0.6));
      both('M65.3 30 L65.2 174', (d) => p.line(d, ink, 0.3, 0.3));
      both('M56 172.5 L74.6 172.5', (d) => p.line(d, ink, 0.25, 0.3));
      p.button(50, 3.5, 1.1, shade(p.fab.base, -0.4));
    },
  },
  jeans: {
    box: [21.8, -1, 78.2, 175],
    draw: (p, c) => {
      const thread = mix(c.hi, '#d89a3a', lum(c.hi) > 0.8 ? 0.75 : 0.3);
      const metal = '#b48a4a';
      const legs = sym(
        'M50 0 L76.5 0 C77.8 18 78 34 77 55 L73 175 L57 175 L51.3 40 C51 36.5 50.6 35 50 35',
      );
      p.cloth(legs);
      // faded knees: a soft radial highlight (radial gradients are fine on small areas)
      p.defs.push(
        radial(`${p.id}knee`, 0, 0, 1, [
          [0, '#fff', 0.14],
          [1, '#fff', 0],
        ]),
      );
      for (const x of [35.5, 64.5]) {
        p.raw(
          `<ellipse rx="1" ry="1" fill="url(#${p.id}knee)" transform="translate(${f(p.x(x))} ${f(p.y(100))}) scale(${p.w(10)} ${p.w(26)})"/>`,
        );
      }
      p.cloth('M23.5 0 L76.5 0 L76.8 7 L23.2 7 Z', ['#fff', 0.05]);
      p.stitch('M23.8 1.3 L76.2 1.3', thread);
      p.stitch('M23.5 5.7 L76.5 5.7', thread);
      both('M57.5 7 C60 15 67 20 76.6 21', (d) => {
        p.line(d, p.fab.ink, 0.4, 0.6);
        p.stitch(
          mapPath(d, (x, y) => [x + (x < 50 ? 0.9 : -0.9), y + 0.9], 2),
          thread,
        );
      });
      p.stitch('M65.5 7 L65.5 13.6 L73.5 13.2 L73.5 7', thread);
      p.stitch('M53.8 7 L53.8 25 C53.8 30 52 32 50.2 33.5', thread);
      p.stitch('M55 7 L55 25.2 C55 31 52.6 33.6 50.6 35', thread);
      both('M76.4 24 C76.5 34 76.3 44 75.6 60 L71.9 174', (d) => p.stitch(d, thread, 0.65));
      both('M57.2 172.6 L72.8 172.6', (d) => p.stitch(d, thread));
      both('M52.5 37 C56 36 59 35.2 62 33.4 M52.8 39.5 C56.5 38.6 59.5 37.8 61.5 36.6', (d) =>
        p.line(d, '#fff', 0.5, 0.18),
      );
      both('M56.2 -0.8 L58.2 -0.8 L58.2 8.2 L56.2 8.2 Z', (d) => p.cloth(d, ['#fff', 0.08]));
      for (const [x, y] of [
        [57.7, 7.9],
        [76, 20.6],
        [42.3, 7.9],
        [24, 20.6],
      ] as const)
        p.button(x, y, 0.55, metal);
      p.button(50, 3.5, 1.3, metal);
    },
  },
  waistcoat: {
    box: [24.2, 0, 75.8, 95],
    fill: 0.64,
    draw: (p, c) => {
      const ink = p.fab.ink;
      const lining = shade(mix(c.accent, c.base, 0.3), -0.2);
      p.defs.push(
        linear(`${p.id}lin`, p.x(40), 0, p.x(60), 0, [
          [0, shade(lining, -0.2), 1],
          [0.5, shade(lining, 0.15), 1],
          [1, shade(lining, -0.2), 1],
        ]),
      );
      p.solid('M41.4 2 C46 4.2 54 4.2 58.6 2 L50 44 Z', `url(#${p.id}lin)`);
      const body = sym(
        'M50 44 L58.6 2 C61.8 2.4 65 3.4 68 4.6 C67.2 12 67.5 20 71.5 26 C73.3 28.5 75 30 75.6 32.5 L75.8 80 L55 95 L50 86',
      );
      p.cloth(body);
      p.line('M50.5 44 L50.5 87.5', ink, 0.3, 0.55);
      both('M57 66 L67 64.8 L67.2 66.8 L57.2 68 Z', (d) => p.cloth(d, ['#000', 0.05]));
      p.cloth('M59 34 L67 32.8 L67.2 34.6 L59.2 35.8 Z', ['#000', 0.05]);
      both('M58.6 2 L50.4 44', (d) => p.line(d, '#000', 0.6, 0.12));
      for (let k = 0; k < 5; k++)
        p.button(50.5, 48 + k * 8.6, 1.05, shade(mix(c.base, c.accent, 0.5), -0.3));
    },
  },
  nightwear: {
    box: [8, 0, 92, 180],
    draw: (p, c) => {
      const ink = p.fab.ink;
      const piping = lum(c.base) > 0.6 ? shade(c.accent, -0.1) : mix(c.hi, '#ffffff', 0.3);
      const legs = sym(
        'M50 84 L75 84 C77 100 78 115 78 130 L76.5 180 L57 180 L51.2 120 C51 117 50.5 116 50 116',
      );
      p.cloth(legs);
      both('M57.3 176.2 L76.6 176.2', (d) => p.line(d, piping, 0.7, 0.9));
      const body = sym(
        'M50 6 L57 3 C64.5 4.5 71.5 6.2 78 8.8 C78.8 15 78.5 21 78 27 C77.6 50 77.6 70 78.4 91 C70 92.5 60 93 50 93',
      );
      p.cast([body], 0.4, 1.6, 0.2);
      const sleeve = 'M77.8 9 C84 10 87 14 88 20 L91.5 78 C88 79.2 84.5 79.3 81.4 78.6 L78 27 Z';
      both(sleeve, (d) => p.cloth(d, ['#000', 0.06]));
      both('M81.9 74.6 L91.3 73.8', (d) => p.line(d, piping, 0.7, 0.9));
      p.cloth(body);
      p.cloth('M43 3 C46 2 54 2 57 3 L50 30 Z', ['#000', 0.25], false);
      p.cloth('M48 30 L52 30 L52 92.8 L48 92.8 Z', ['#fff', 0.03]);
      both(
        'M50 30.5 L57 3 C59.5 3.6 61.5 4.6 63.2 6 L60.4 13.4 L56.4 14.8 C54.5 20 52.3 25.5 50 30.5 Z',
        (d) => p.cloth(d, ['#fff', 0.05]),
      );
      both('M50 30.5 C52.3 25.5 54.5 20 56.4 14.8 L60.4 13.4 L63.2 6', (d) =>
        p.line(d, piping, 0.7, 0.9),
      );
      both('M52 31 L52 92.6', (d) => p.line(d, piping, 0.6, 0.8));
      p.cloth('M58 38 L69 38 L69 50 L58 50 Z', ['#000', 0.03]);
      p.line('M58 38.4 L69 38.4', piping, 0.7, 0.9);
      for (let k = 0; k < 5; k++) p.button(50, 38 + k * 12, 0.8, piping);
      p.line('M23 89.5 L77 89.5', ink, 0.25, 0.35, [0.9, 0.6]);
    },
  },
  shorts: {
    box: [21.8, -1, 78.2, 57],
    fill: 0.5,
    draw: (p) => {
      const ink = p.fab.ink;
      const legs = sym(
        'M50 0 L76.5 0 C78 14 79.6 30 81.5 53 L57.4 56.4 L51.5 32 C51 29.5 50.6 28.5 50 28.5',
      );
      p.cloth(legs);
      both('M57.1 51.6 L81.1 48.6 L81.5 53 L57.4 56.4 Z', (d) => p.cloth(d, ['#fff', 0.05]));
      p.cloth('M23.5 0 L76.5 0 L76.8 7 L23.2 7 Z', ['#fff', 0.05]);
      both('M56.2 -0.8 L58.2 -0.8 L58.2 8.2 L56.2 8.2 Z', (d) => p.cloth(d, ['#fff', 0.08]));
      both('M71.5 -0.8 L73.5 -0.8 L73.5 8.2 L71.5 8.2 Z', (d) => p.cloth(d, ['#fff', 0.08]));
      p.line('M53.6 7 L53.6 22 C53.6 25.5 52 27 50 28.5', ink, 0.3, 0.55);
      both('M66.5 7 L76.8 24', (d) => p.line(d, ink, 0.35, 0.6));
      p.button(50, 3.5, 1.1, shade(p.fab.base, -0.4));
    },
  },
};

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/**
 * Draw a fabric swatch or a garment made of that fabric, as an SVG document.
 *
 * - `garment: 'none'`: a full-bleed swatch of the weave with soft fold/drape shading.
 * - any other garment: that garment's silhouette (centred, ~70 % of the height) filled with
 *   the weave, on a light studio backdrop with a soft drop shadow (no SVG filters).
 *
 * The result is a standalone `<svg xmlns=…>` string whose `width`/`height` attributes and
 * `viewBox` are `options.width` × `options.height` px. It contains no text, no filters and no
 * external references; typical size is 10–40 KB. Output is a pure function of the options.
 *
 * @param options seed (safe integer), palette (`[base, accent, highlight]` as `#rrggbb`),
 *   weave, garment and size in px (integers in [16, 8192]).
 * @returns the SVG document as a string.
 * @throws {RangeError} if a palette colour does not match `/^#[0-9a-f]{6}$/i`, if the palette
 *   is not exactly three colours, if `seed` is not a safe integer, if `width`/`height` are not
 *   integers in [16, 8192], or if `weave`/`garment` are not known values.
 */
export function textileSvg(options: TextileOptions): string {
  const pal = checkPalette(options.palette);
  const { seed, width: W, height: H } = options;
  checkCommon(seed, W, H);
  const weave = checkOneOf('weave', options.weave, WEAVES);
  const garment = checkOneOf('garment', options.garment, GARMENTS);
  const id = idPrefix(seed, 1);
  const colours: Colours = { base: pal[0], accent: pal[1], hi: pal[2] };
  const r = makeRand(seed, 7);
  const u = Math.min(W, H) / 100;
  const fab = buildFabric(`${id}f`, weave, colours, u, r);
  const defs: string[] = [fab.defs];
  const body: string[] = [];

  if (garment === 'none') {
    for (const fill of fab.fills) body.push(`<rect width="${W}" height="${H}" fill="${fill}"/>`);
    // Folds: soft alternating light/dark vertical bands. Only axis-aligned linear gradients
    // are used for full-canvas shading: diagonal and radial ones are many times slower in librsvg.
    const folds = intBetween(r, 2, 4);
    const across: Stop[] = [
      [0, '#000', 0.2],
      [0.06, '#000', 0.06],
    ];
    // irregular fold widths, summing to the space between the darker edges
    const widths: number[] = [];
    for (let k = 0; k < folds; k++) widths.push(between(r, 0.6, 1.4));
    const total = widths.reduce((a, b) => a + b, 0);
    let pos = 0.07;
    for (const w of widths) {
      const step = (0.86 * w) / total;
      const a = pos + step * between(r, 0.05, 0.15);
      const b = pos + step * between(r, 0.3, 0.42);
      const c = pos + step * between(r, 0.5, 0.58);
      const d = pos + step * between(r, 0.7, 0.8);
      const e = pos + step * between(r, 0.92, 1);
      across.push([a, '#fff', 0], [b, '#fff', between(r, 0.05, 0.11)], [c, '#fff', 0]);
      across.push([d, '#000', between(r, 0.08, 0.17)], [e, '#000', 0]);
      pos += step;
    }
    across.push([0.94, '#000', 0.06], [1, '#000', 0.24]);
    defs.push(linear(`${id}fold`, 0, 0, W, 0, across));
    body.push(`<rect width="${W}" height="${H}" fill="url(#${id}fold)"/>`);
    defs.push(
      linear(`${id}lt`, 0, 0, 0, H, [
        [0, '#000', 0.14],
        [0.07, '#fff', 0.1],
        [0.35, '#fff', 0.04],
        [0.6, '#000', 0],
        [0.93, '#000', 0.14],
        [1, '#000', 0.26],
      ]),
    );
    body.push(`<rect width="${W}" height="${H}" fill="url(#${id}lt)"/>`);
    return svgDoc(W, H, defs.join(''), body.join(''));
  }

  // ---- garment on a studio backdrop ----
  const spec = GARMENT_SPECS[garment];
  const [bx0, by0, bx1, by1] = spec.box;
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  const s = Math.min(((spec.fill ?? 0.7) * H) / bh, (0.74 * W) / bw);
  const ox = W / 2 - (bx0 + bw / 2) * s;
  const oy = H * 0.47 - (by0 + bh / 2) * s;
  const backdrop = mix('#f3f0ea', pal[2], 0.07);
  defs.push(
    linear(`${id}bg`, 0, 0, 0, H, [
      [0, shade(backdrop, -0.04), 1],
      [0.35, shade(backdrop, 0.4), 1],
      [0.8, backdrop, 1],
      [1, shade(backdrop, -0.07), 1],
    ]),
    linear(`${id}bgx`, 0, 0, W, 0, [
      [0, '#000', 0.06],
      [0.25, '#000', 0],
      [0.75, '#000', 0],
      [1, '#000', 0.06],
    ]),
  );
  body.push(
    `<rect width="${W}" height="${H}" fill="url(#${id}bg)"/><rect width="${W}" height="${H}" fill="url(#${id}bgx)"/>`,
  );
  // contact shadow ellipse under the garment
  const footY = oy + by1 * s;
  defs.push(
    radial(`${id}cs`, 0, 0, 1, [
      [0, '#000', 0.2],
      [1, '#000', 0],
    ]),
  );
  body.push(
    `<ellipse cx="0" cy="0" rx="1" ry="1" fill="url(#${id}cs)" transform="translate(${f(W / 2)} ${f(footY + H * 0.02)}) scale(${f(bw * s * 0.5)} ${f(H * 0.035)})"/>`,
  );
  const pen = new Pen(`${id}g`, ox, oy, s, fab);
  spec.draw(pen, colours);
  // One union outline (nonzero fill of clockwise subpaths) for the shadow and the lighting.
  const silId = `${id}sil`;
  defs.push(`<path id="${silId}" d="${pen.d(pen.sil.join(''))}"/>`, ...pen.defs);
  // Soft drop shadow without filters: the outline offset down-right, feathered by a few
  // translucent strokes of growing width.
  const dx = f(Math.min(W, H) * 0.012);
  const dy = f(Math.min(W, H) * 0.016);
  const feather = Math.min(W, H) * 0.0055;
  let shadow = '';
  for (let k = 0; k < 4; k++) {
    shadow += `<use href="#${silId}" transform="translate(${dx} ${dy})" fill="#000" fill-opacity=".04" stroke="#000" stroke-opacity=".03" stroke-width="${f(feather * (k + 1) * 1.1)}" stroke-linejoin="round"/>`;
  }
  // lighting: volume across, light from the top-left
  const x0 = ox + bx0 * s;
  const x1 = ox + bx1 * s;
  defs.push(
    linear(`${id}vol`, x0, 0, x1, 0, [
      [0, '#000', 0.18],
      [0.2, '#fff', 0.1],
      [0.45, '#fff', 0],
      [0.78, '#000', 0.06],
      [1, '#000', 0.22],
    ]),
  );
  defs.push(
    linear(`${id}top`, 0, oy + by0 * s, 0, footY, [
      [0, '#fff', 0.1],
      [0.5, '#fff', 0],
      [1, '#000', 0.14],
    ]),
  );
  const light = `<use href="#${silId}" fill="url(#${id}vol)"/><use href="#${silId}" fill="url(#${id}top)"/>`;
  return svgDoc(W, H, defs.join(''), body.join('') + shadow + pen.body.join('') + light);
}

/**
 * Draw a gallery scene as an SVG document, in the given palette.
 *
 * - `'store'`: a shop interior: wooden shelves of folded fabric in many colours, pendant lamps
 *   and a counter with a bolt of the palette's cloth.
 * - `'bolts'`: rolled fabric bolts of assorted weaves stacked on a table.
 * - `'swatches'`: a fan of overlapping pinked swatches of assorted weaves on a linen backdrop.
 * - `'tailoring'`: a tailor's table seen from above, with a fabric length, measuring tape,
 *   shears and tailor's chalk.
 *
 * The result is a standalone `<svg xmlns=…>` string of `width` × `height` px (the gallery uses
 * 1600 × 1200), with no text, filters or external references; it is a pure function of its input.
 *
 * @throws {RangeError} if a palette colour does not match `/^#[0-9a-f]{6}$/i`, if the palette is
 *   not exactly three colours, if `seed` is not a safe integer, if `width`/`height` are not
 *   integers in [16, 8192], or if `kind` is unknown.
 */
export function sceneSvg(options: {
  seed: number;
  palette: readonly [string, string, string];
  kind: 'store' | 'bolts' | 'swatches' | 'tailoring';
  width: number;
  height: number;
}): string {
  const pal = checkPalette(options.palette);
  const { seed, width: W, height: H } = options;
  checkCommon(seed, W, H);
  const kind = checkOneOf('kind', options.kind, SCENES);
  const colours: Colours = { base: pal[0], accent: pal[1], hi: pal[2] };
  const id = idPrefix(seed, 2 + SCENES.indexOf(kind));
  const r = makeRand(seed, 100 + SCENES.indexOf(kind));
  return SCENE_DRAW[kind](id, colours, r, W, H);
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

type SceneDraw = (id: string, c: Colours, r: Rand, W: number, H: number) => string;

/** Assorted cloth colours for scenes ("many colours"), mixed with the palette. */
const CLOTH_COLOURS: readonly string[] = [
  '#1f2a44',
  '#3b3b3b',
  '#6b1e2e',
  '#8a6d3b',
  '#5a6b47',
  '#c8c2b4',
  '#2e4a62',
  '#a0522d',
  '#d9c9a3',
  '#7a4e2d',
  '#3d5a80',
  '#9e2a2b',
  '#e8dcc4',
  '#4a4e69',
  '#c9a24a',
  '#2f5d50',
  '#6d597a',
  '#b8b8b0',
];

/** Accumulates defs and body markup for one scene. */
class Scene {
  readonly defs: string[] = [];
  readonly body: string[] = [];
  readonly m: number;
  private n = 0;
  private readonly pool: string[];
  constructor(
    readonly id: string,
    readonly c: Colours,
    readonly r: Rand,
    readonly W: number,
    readonly H: number,
  ) {
    this.m = Math.min(W, H);
    this.pool = shuffle(r, CLOTH_COLOURS);
  }
  uid(tag: string): string {
    return `${this.id}${tag}${this.n++}`;
  }
  /**
   * The k-th cloth colour: every fourth comes from the palette, the rest from the assortment,
   * slightly varied unless `exact` (exact colours let many pieces share one path).
   */
  cloth(k: number, exact = false): string {
    const pal = [this.c.base, this.c.accent, this.c.hi];
    const pc = pal[Math.floor(k / 4) % 3] ?? this.c.base;
    const raw = k % 4 === 0 ? pc : (this.pool[k % this.pool.length] ?? this.c.base);
    return exact ? raw : shade(raw, between(this.r, -0.06, 0.06));
  }
  /** Colours for a cloth of base colour `base`: a contrasting accent and a light highlight. */
  trio(base: string): Colours {
    const light = lum(base) > 0.55;
    const accent = light
      ? pick(this.r, ['#3d5a80', '#6b1e2e', '#2f5d50', this.c.accent], this.c.accent)
      : pick(this.r, ['#c9a24a', '#9e2a2b', '#d9c9a3', this.c.accent], this.c.accent);
    return { base, accent, hi: light ? shade(base, -0.35) : mix(this.c.hi, '#f4efe4', 0.5) };
  }
  fabric(weave: Weave, col: Colours, scale: number, lite = true): Fabric {
    const fab = buildFabric(this.uid('f'), weave, col, (this.m / 100) * scale, this.r, lite);
    this.defs.push(fab.defs);
    return fab;
  }
  /** Paint the path with each fill in turn; returns the path's id for reuse. */
  paint(d: string, fills: readonly string[]): string {
    const pid = this.uid('p');
    this.defs.push(`<path id="${pid}" d="${d}"/>`);
    this.body.push(fills.map((fl) => `<use href="#${pid}" fill="${fl}"/>`).join(''));
    return pid;
  }
  /** A bounding-box gradient, vertical or horizontal (axis-aligned gradients are cheap in librsvg). */
  grad(list: readonly Stop[], vertical: boolean): string {
    const gid = this.uid('g');
    this.defs.push(
      `<linearGradient id="${gid}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops(list)}</linearGradient>`,
    );
    return `url(#${gid})`;
  }
  /** Whole-canvas light: darker edges and floor, lighter top. */
  light(top: number, bottom: number, sides: number): void {
    const v = this.grad(
      [
        [0, '#fff', top],
        [0.4, '#fff', 0],
        [0.75, '#000', 0],
        [1, '#000', bottom],
      ],
      true,
    );
    const h = this.grad(
      [
        [0, '#000', sides],
        [0.22, '#000', 0],
        [0.7, '#000', 0],
        [1, '#000', sides * 1.15],
      ],
      false,
    );
    this.body.push(rect(0, 0, this.W, this.H, v) + rect(0, 0, this.W, this.H, h));
  }
  doc(): string {
    return svgDoc(this.W, this.H, this.defs.join(''), this.body.join(''));
  }
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number, sweep = 0): string {
  return `M${f(cx - rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 1 ${sweep} ${f(cx + rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 1 ${sweep} ${f(cx - rx)} ${f(cy)}Z`;
}

/** A bolt's end seen at an angle: an ellipse with wound layers, a card core and its hole. */
function boltEnd(cx: number, cy: number, rx: number, ry: number, colour: string, r: Rand): string {
  const e = (t: number, fill: string) =>
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * t)}" ry="${f(ry * t)}" fill="${fill}"/>`;
  let s = e(1, shade(colour, -0.45)) + e(0.94, shade(colour, -0.12));
  // wound layers: a few slightly lighter and darker bands
  for (let k = 0; k < 3; k++) {
    const t = 0.82 - k * 0.15 + between(r, -0.03, 0.03);
    s +=
      e(t, shade(colour, k % 2 ? -0.16 : 0.02)) + e(t - 0.04, shade(colour, k % 2 ? -0.1 : -0.04));
  }
  s += e(0.33, '#8a6e4c') + e(0.3, '#c9ab80');
  s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * 0.15)}" ry="${f(ry * 0.15)}" fill="#3a2e24"/>`;
  return s;
}

/** The bands of `design` that fall inside the rectangle (x0, y0, w, h), as plain rectangles. */
function bandsIn(design: Design, x0: number, y0: number, w: number, h: number): string {
  const P = design.period;
  let out = '';
  for (const b of design.bands) {
    const lo = b.across ? y0 : x0;
    const span = b.across ? h : w;
    let d = '';
    for (let k = Math.floor((lo - b.pos - b.width) / P); k * P + b.pos < lo + span; k++) {
      const a = Math.max(lo, k * P + b.pos);
      const z = Math.min(lo + span, k * P + b.pos + b.width);
      if (z <= a) continue;
      d += b.across
        ? `M${f(x0)} ${f(a)}h${f(w)}v${f(z - a)}h${f(-w)}z`
        : `M${f(a)} ${f(y0)}h${f(z - a)}v${f(h)}h${f(a - z)}z`;
    }
    if (d) out += `<path d="${d}" fill="${b.colour}" fill-opacity="${b.op}"/>`;
  }
  return out;
}

function drawSwatches(sc: Scene): void {
  const { W, H, r, c, m } = sc;
  const linen = mix('#ebe5d9', c.hi, 0.2);
  const bg = sc.fabric('plain', { base: linen, accent: shade(linen, -0.1), hi: '#ffffff' }, 0.5);
  for (const fl of bg.fills) sc.body.push(rect(0, 0, W, H, fl));
  sc.body.push(rect(0, 0, W, H, linen, ' fill-opacity=".45"'));
  const n = intBetween(r, 7, 9);
  const px = W * 0.5;
  const py = H * 0.86;
  const sh = H * 0.68;
  const sw = Math.min(W * 0.17, H * 0.23);
  const spread = Math.min(120, (W / H) * 82);
  const weaves = shuffle(r, WEAVES);
  const mid = Math.floor(n / 2);
  const top = -sh * 0.9;
  const bottom = sh * 0.1;
  const half = sw / 2;
  const teeth = Math.max(6, Math.round(sw / (m * 0.014)));
  const tooth = sw / teeth;
  let edge = `M${f(-half)} ${f(bottom)}L${f(-half)} ${f(top)}`;
  for (let k = 0; k < teeth; k++) {
    edge += `L${f(-half + tooth * (k + 0.5))} ${f(top - tooth * 0.55)}L${f(-half + tooth * (k + 1))} ${f(top)}`;
  }
  edge += `L${f(half)} ${f(bottom)}Z`;
  const poly = parsePath(edge)
    .filter((sg) => sg.pts.length >= 2)
    .map((sg): [number, number] => [sg.pts[0] ?? 0, sg.pts[1] ?? 0]);
  const thin = f(Math.max(1, m * 0.0012), 2);
  const angles: number[] = [];
  for (let i = 0; i < n; i++) angles.push(-spread / 2 + (spread * i) / (n - 1) + between(r, -2, 2));
  // Drawn from both ends towards the middle, so the middle swatch (the palette's cloth) is on top.
  const order: number[] = [];
  for (let i = 0; i < mid; i++) order.push(i);
  for (let i = n - 1; i > mid; i--) order.push(i);
  order.push(mid);
  const shadowDx = m * 0.012;
  const shadowDy = m * 0.01;
  for (const i of order) {
    const a = angles[i] ?? 0;
    const base = i === mid ? c.base : sc.cloth(i + 1);
    const col = i === mid ? c : sc.trio(base);
    const weave = weaves[i % weaves.length] ?? 'plain';
    const fab = sc.fabric(weave, col, 0.55);
    // Patterns painted under a rotation are very slow in librsvg, so the outline is rotated in
    // code and filled with screen-aligned weave; stripes and checks, whose direction shows, are
    // drawn as plain rectangles inside the rotated frame.
    const ca = Math.cos((a * Math.PI) / 180);
    const sa = Math.sin((a * Math.PI) / 180);
    const world = (dx: number, dy: number) =>
      `M${poly.map(([x, y]) => `${f(px + x * ca - y * sa + dx)} ${f(py + x * sa + y * ca + dy)}`).join('L')}Z`;
    sc.body.push(`<path d="${world(shadowDx, shadowDy)}" fill="#000" fill-opacity=".14"/>`);
    const pid = sc.paint(world(0, 0), fab.texture);
    let g = `<g transform="translate(${f(px)} ${f(py)}) rotate(${f(a)})">`;
    if (fab.design) g += bandsIn(fab.design, -half, top, sw, sh);
    g += rect(half - sw * 0.12, top, sw * 0.12, sh, '#000', ' fill-opacity=".06"');
    g += rect(-half, top, sw * 0.08, sh, '#fff', ' fill-opacity=".07"');
    if (i === mid) {
      // a blank label on the front swatch (no text: two grey rules and a colour chip)
      const lw = sw * 0.72;
      const lh = sh * 0.1;
      const ly = -sh * 0.26;
      g += rect(-lw / 2, ly, lw, lh, '#f6f2ea', ` stroke="#b9ad98" stroke-width="${thin}"`);
      g += rect(-lw * 0.38, ly + lh * 0.3, lw * 0.76, lh * 0.1, '#7d7465', ' fill-opacity=".45"');
      g += rect(-lw * 0.38, ly + lh * 0.55, lw * 0.45, lh * 0.1, '#7d7465', ' fill-opacity=".3"');
      g += rect(-lw / 2, ly + lh * 0.84, lw, lh * 0.16, c.accent, ' fill-opacity=".85"');
    }
    sc.body.push(`${g}</g>`);
    sc.body.push(
      `<use href="#${pid}" fill="none" stroke="${fab.ink}" stroke-opacity=".45" stroke-width="${thin}"/>`,
    );
  }
  // the rivet through the pivot
  const rv = m * 0.022;
  sc.body.push(
    `<circle cx="${f(px + rv * 0.2)}" cy="${f(py + rv * 0.3)}" r="${f(rv)}" fill="#000" fill-opacity=".25"/><circle cx="${f(px)}" cy="${f(py)}" r="${f(rv)}" fill="#b89a62" stroke="#7a6238" stroke-width="${f(rv * 0.12, 2)}"/><circle cx="${f(px)}" cy="${f(py)}" r="${f(rv * 0.45)}" fill="#8c7246"/><circle cx="${f(px - rv * 0.35)}" cy="${f(py - rv * 0.35)}" r="${f(rv * 0.25)}" fill="#fff" fill-opacity=".45"/>`,
  );
  sc.light(0.08, 0.2, 0.16);
}

function drawBolts(sc: Scene): void {
  const { W, H, r, c, m } = sc;
  const wall = mix('#e6ddcf', c.hi, 0.3);
  const wood = mix('#7a5638', c.accent, 0.12);
  const tableY = H * 0.84;
  sc.body.push(
    rect(
      0,
      0,
      W,
      H,
      sc.grad(
        [
          [0, shade(wall, 0.15), 1],
          [1, shade(wall, -0.08), 1],
        ],
        true,
      ),
    ),
  );
  sc.body.push(rect(0, tableY, W, H - tableY, wood));
  sc.body.push(
    rect(
      0,
      tableY,
      W,
      H - tableY,
      sc.grad(
        [
          [0, '#fff', 0.12],
          [0.08, '#fff', 0],
          [1, '#000', 0.35],
        ],
        true,
      ),
    ),
  );
  sc.body.push(rect(0, tableY - m * 0.004, W, m * 0.008, shade(wood, 0.25)));
  const cyl = sc.grad(
    [
      [0, '#000', 0.3],
      [0.2, '#fff', 0.2],
      [0.42, '#fff', 0.02],
      [0.8, '#000', 0.22],
      [1, '#000', 0.5],
    ],
    true,
  );
  const cylX = sc.grad(
    [
      [0, '#000', 0.4],
      [0.25, '#fff', 0.18],
      [0.5, '#fff', 0],
      [0.85, '#000', 0.25],
      [1, '#000', 0.45],
    ],
    false,
  );
  const weaves = shuffle(r, WEAVES);
  let k = 0;
  // upright bolts standing against the wall, behind the stack
  for (const [i, ux] of [0.7, 0.79, 0.885].entries()) {
    const D = H * between(r, 0.1, 0.125);
    const hgt = H * between(r, 0.5, 0.64);
    const x0 = W * ux + W * between(r, -0.01, 0.01);
    const yb = tableY + m * 0.01;
    const yt = yb - hgt;
    const ry = D * 0.2;
    const base = i === 1 ? c.accent : sc.cloth(k + 2);
    const fab = sc.fabric(weaves[k++ % weaves.length] ?? 'twill', sc.trio(base), 0.45);
    sc.body.push(
      `<ellipse cx="${f(x0 + D / 2 + D * 0.1)}" cy="${f(yb)}" rx="${f(D * 0.75)}" ry="${f(ry * 0.8)}" fill="#000" fill-opacity=".18"/>`,
    );
    sc.paint(
      `M${f(x0)} ${f(yt)}H${f(x0 + D)}V${f(yb)}A${f(D / 2)} ${f(ry)} 0 0 1 ${f(x0)} ${f(yb)}Z`,
      [...fab.fills, cylX],
    );
    sc.body.push(boltEnd(x0 + D / 2, yt, D / 2, ry, base, r));
  }
  // the horizontal stack
  const rows = 6;
  const D = (H * 0.62) / rows;
  const stackX = W * 0.09;
  sc.body.push(
    `<ellipse cx="${f(stackX + W * 0.3)}" cy="${f(tableY + m * 0.004)}" rx="${f(W * 0.33)}" ry="${f(m * 0.018)}" fill="#000" fill-opacity=".25"/>`,
  );
  for (let i = 0; i < rows; i++) {
    const yb = tableY - i * D;
    const yt = yb - D;
    const cy = yb - D / 2;
    const x0 = stackX + W * between(r, -0.015, 0.045);
    const L = W * between(r, 0.46, 0.58);
    const rx = D * 0.22;
    const base = i === 2 ? c.base : sc.cloth(k + 5);
    const col = i === 2 ? c : sc.trio(base);
    const fab = sc.fabric(weaves[k++ % weaves.length] ?? 'plain', col, 0.45);
    sc.paint(
      `M${f(x0)} ${f(yt)}H${f(x0 + L)}A${f(rx)} ${f(D / 2)} 0 0 1 ${f(x0 + L)} ${f(yb)}H${f(x0)}Z`,
      [...fab.fills, cyl],
    );
    const xe = x0 + L * between(r, 0.2, 0.55);
    sc.body.push(
      `<path d="M${f(xe)} ${f(yt)}C${f(xe + rx * 0.7)} ${f(yt + D * 0.3)} ${f(xe + rx * 0.7)} ${f(yb - D * 0.3)} ${f(xe)} ${f(yb)}" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="${f(m * 0.003, 2)}"/>`,
    );
    sc.body.push(boltEnd(x0, cy, rx, D / 2, base, r));
  }
  sc.light(0.05, 0.25, 0.18);
}

function drawStore(sc: Scene): void {
  const { W, H, r, c, m } = sc;
  const wall = mix('#e8ddca', c.hi, 0.3);
  const wood = mix('#5e412c', c.base, 0.08);
  const floorY = H * 0.82;
  sc.body.push(
    rect(
      0,
      0,
      W,
      H,
      sc.grad(
        [
          [0, shade(wall, -0.1), 1],
          [0.5, shade(wall, 0.1), 1],
          [1, wall, 1],
        ],
        true,
      ),
    ),
  );
  // floor with planks
  const floor = mix('#8a6446', c.accent, 0.1);
  sc.body.push(rect(0, floorY, W, H - floorY, floor));
  let planks = '';
  for (let k = 1, y = floorY; y < H; k++) {
    y += m * 0.012 * k;
    planks += `M0 ${f(y)}H${W}`;
  }
  sc.body.push(
    `<path d="${planks}" stroke="#000" stroke-opacity=".18" stroke-width="${f(m * 0.002, 2)}"/>`,
  );
  sc.body.push(
    rect(
      0,
      floorY,
      W,
      H - floorY,
      sc.grad(
        [
          [0, '#000', 0.25],
          [0.3, '#000', 0.05],
          [1, '#000', 0.3],
        ],
        true,
      ),
    ),
  );
  // shelving unit
  const x0 = W * 0.05;
  const x1 = W * 0.95;
  const y0 = H * 0.1;
  const fw = m * 0.016;
  const cols = W / H > 1.2 ? 5 : 4;
  const rows = 4;
  const bayW = (x1 - x0 - fw * (cols + 1)) / cols;
  const bayH = (floorY - y0 - fw * (rows + 1) - m * 0.03) / rows;
  sc.body.push(
    rect(x0 + m * 0.01, y0 + m * 0.012, x1 - x0, floorY - y0, '#000', ' fill-opacity=".18"'),
  );
  sc.body.push(rect(x0, y0, x1 - x0, floorY - y0, wood));
  sc.body.push(
    rect(x0 - m * 0.012, y0 - m * 0.03, x1 - x0 + m * 0.024, m * 0.032, shade(wood, -0.15)),
  );
  sc.body.push(
    rect(x0 - m * 0.012, y0 - m * 0.03, x1 - x0 + m * 0.024, m * 0.006, shade(wood, 0.2)),
  );
  const back = mix(wood, wall, 0.45);
  const backShade = sc.grad(
    [
      [0, '#000', 0.35],
      [0.25, '#000', 0.1],
      [1, '#000', 0],
    ],
    true,
  );
  // Folded pieces of cloth. librsvg pays per element, so pieces are batched: one path per
  // colour (or per layer of a patterned cloth), and per shelf one path for the fold shading,
  // painted with a gradient that repeats every piece height.
  const pw = bayW * 0.43;
  const ph = Math.max(4, Math.round((bayH * 0.8) / 6));
  const foldStops = stops([
    [0, '#fff', 0.22],
    [0.3, '#fff', 0],
    [0.34, '#fff', 0.28],
    [0.4, '#fff', 0],
    [0.75, '#000', 0.05],
    [0.96, '#000', 0.3],
    [1, '#000', 0.3],
  ]);
  const pieceRx = ph * 0.3;
  const pieceH = ph * 0.96;
  const byFill = new Map<string, string>();
  const byPhase = new Map<string, string>();
  const addPiece = (x: number, y: number, fills: readonly string[]) => {
    // whole pixels keep these many small paths short
    const d = `M${f(x + pieceRx, 0)} ${f(y, 0)}h${f(pw - 2 * pieceRx, 0)}a${f(pieceRx, 0)} ${f(pieceH / 2, 0)} 0 0 1 0 ${f(pieceH, 0)}h${f(2 * pieceRx - pw, 0)}a${f(pieceRx, 0)} ${f(pieceH / 2, 0)} 0 0 1 0 ${f(-pieceH, 0)}z`;
    for (const fl of fills) byFill.set(fl, (byFill.get(fl) ?? '') + d);
    const phase = String(mod(Math.round(y), ph));
    byPhase.set(phase, (byPhase.get(phase) ?? '') + d);
  };
  const flushPieces = () => {
    for (const [fl, d] of byFill) sc.body.push(`<path d="${d}" fill="${fl}"/>`);
    for (const [phase, d] of byPhase) {
      const gid = sc.uid('fold');
      const y1 = Number(phase);
      sc.defs.push(
        `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" spreadMethod="repeat" x1="0" y1="${y1}" x2="0" y2="${y1 + ph}">${foldStops}</linearGradient>`,
      );
      sc.body.push(`<path d="${d}" fill="url(#${gid})"/>`);
    }
    byFill.clear();
    byPhase.clear();
  };
  const shared = [
    sc.fabric('stripe', c, 0.35),
    sc.fabric('check', sc.trio(sc.cloth(3)), 0.35),
    sc.fabric('herringbone', sc.trio(sc.cloth(6)), 0.35),
  ];
  let k = 0;
  // two bays hold rolls seen end-on; the others stacks of folded cloth
  const rollBays = shuffle(
    r,
    Array.from({ length: rows * cols }, (_, i) => i),
  ).slice(0, 2);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const bx = x0 + fw + col * (bayW + fw);
      const by = y0 + fw + row * (bayH + fw);
      sc.body.push(rect(bx, by, bayW, bayH, back) + rect(bx, by, bayW, bayH, backShade));
      if (rollBays.includes(row * cols + col)) {
        // rolls seen end-on, in a small pyramid
        const D = Math.min(bayH * 0.42, bayW / 3.3);
        const bottom = by + bayH;
        const slots: Array<[number, number]> = [];
        for (let i = 0; i < 3; i++)
          slots.push([bx + bayW / 2 + (i - 1) * D * 1.02, bottom - D / 2]);
        for (let i = 0; i < 2; i++)
          slots.push([bx + bayW / 2 + (i - 0.5) * D * 1.02, bottom - D / 2 - D * 0.88]);
        for (const [cx, cy] of slots)
          sc.body.push(boltEnd(cx, cy, D / 2, D / 2, shade(sc.cloth(k++), 0.1), r));
      } else {
        // two stacks of folded cloth
        for (let st = 0; st < 2; st++) {
          const sx = bx + bayW * 0.05 + st * (bayW * 0.47);
          const count = intBetween(r, 3, 6);
          for (let i = 0; i < count; i++) {
            const y = Math.round(by + bayH + ph * 0.04) - (i + 1) * ph;
            const x = sx + pw * between(r, -0.03, 0.03);
            const patterned = r() < 0.2;
            addPiece(
              x,
              y,
              patterned ? pick(r, shared, shared[0] as Fabric).fills : [sc.cloth(k++, true)],
            );
          }
        }
      }
      // shelf board with a lit front edge
      sc.body.push(rect(bx - fw, by + bayH, bayW + 2 * fw, fw, shade(wood, 0.12)));
      sc.body.push(rect(bx - fw, by + bayH, bayW + 2 * fw, fw * 0.25, shade(wood, 0.35)));
    }
  }
  flushPieces();
  // pendant lamps with a soft glow (radial gradients are fine on small areas)
  const brass = mix('#b08d57', c.accent, 0.3);
  const glow = sc.uid('glow');
  sc.defs.push(
    radial(glow, 0, 0, 1, [
      [0, '#fff4d6', 0.55],
      [1, '#fff4d6', 0],
    ]),
  );
  for (const lx of W / H > 1.2 ? [0.22, 0.5, 0.78] : [0.3, 0.7]) {
    const cx = W * lx;
    const lw = m * 0.085;
    const ly = y0 - m * 0.03 - lw * 0.62;
    sc.body.push(
      `<path d="M${f(cx)} 0V${f(ly)}" stroke="#2b2520" stroke-width="${f(Math.max(1, m * 0.002), 2)}"/>`,
    );
    sc.body.push(
      `<ellipse cx="0" cy="0" rx="1" ry="1" fill="url(#${glow})" transform="translate(${f(cx)} ${f(ly + lw * 0.55)}) scale(${f(lw * 2.2)} ${f(lw * 1.6)})"/>`,
    );
    sc.body.push(
      `<path d="M${f(cx - lw / 2)} ${f(ly + lw * 0.45)}C${f(cx - lw / 2)} ${f(ly)} ${f(cx + lw / 2)} ${f(ly)} ${f(cx + lw / 2)} ${f(ly + lw * 0.45)}Z" fill="${brass}"/><path d="M${f(cx - lw * 0.3)} ${f(ly + lw * 0.1)}C${f(cx - lw * 0.15)} ${f(ly + lw * 0.02)} ${f(cx)} ${f(ly + lw * 0.02)} ${f(cx + lw * 0.05)} ${f(ly + lw * 0.03)}" stroke="#fff" stroke-opacity=".5" stroke-width="${f(lw * 0.04, 2)}" fill="none"/><ellipse cx="${f(cx)}" cy="${f(ly + lw * 0.45)}" rx="${f(lw * 0.5)}" ry="${f(lw * 0.07)}" fill="#fff6dc"/>`,
    );
  }
  // counter in the foreground
  const cx0 = W * 0.16;
  const cx1 = W * 0.84;
  const ctop = H * 0.71;
  const cwood = shade(wood, 0.12);
  sc.body.push(rect(cx0 + m * 0.02, ctop + m * 0.02, cx1 - cx0, H, '#000', ' fill-opacity=".25"'));
  sc.body.push(rect(cx0, ctop + m * 0.03, cx1 - cx0, H - ctop, cwood));
  const panels = 3;
  const pwid = (cx1 - cx0 - m * 0.06 * (panels + 1)) / panels;
  for (let i = 0; i < panels; i++) {
    const px = cx0 + m * 0.06 + i * (pwid + m * 0.06);
    sc.body.push(
      rect(
        px,
        ctop + m * 0.08,
        pwid,
        H,
        shade(cwood, -0.08),
        ` stroke="${shade(cwood, 0.25)}" stroke-opacity=".6" stroke-width="${f(m * 0.003, 2)}"`,
      ),
    );
  }
  sc.body.push(rect(cx0, ctop + m * 0.03, cx1 - cx0, m * 0.02, '#000', ' fill-opacity=".25"'));
  sc.body.push(rect(cx0 - m * 0.015, ctop, cx1 - cx0 + m * 0.03, m * 0.032, shade(wood, 0.3)));
  sc.body.push(rect(cx0 - m * 0.015, ctop, cx1 - cx0 + m * 0.03, m * 0.006, shade(wood, 0.5)));
  // a bolt of the palette's cloth on the counter, with a length draped over the front
  const main = sc.fabric(
    pick(r, ['twill', 'herringbone', 'check', 'pinstripe'] as const, 'twill'),
    c,
    0.5,
    false,
  );
  const D = m * 0.085;
  const bx = W * 0.3;
  const L = W * 0.28;
  const byb = ctop + m * 0.004;
  const cyl = sc.grad(
    [
      [0, '#000', 0.3],
      [0.22, '#fff', 0.18],
      [0.45, '#fff', 0],
      [0.8, '#000', 0.22],
      [1, '#000', 0.5],
    ],
    true,
  );
  const dx0 = bx + L * 0.35;
  const dx1 = bx + L * 0.78;
  const dy1 = H * 0.95;
  const drape = sc.grad(
    [
      [0, '#000', 0.35],
      [0.08, '#fff', 0.12],
      [0.5, '#000', 0],
      [1, '#000', 0.25],
    ],
    true,
  );
  const pleats = sc.grad(
    [
      [0, '#000', 0.25],
      [0.15, '#fff', 0.1],
      [0.35, '#000', 0.14],
      [0.55, '#fff', 0.08],
      [0.8, '#000', 0.16],
      [1, '#000', 0.3],
    ],
    false,
  );
  const flare = m * 0.018;
  let hem = `M${f(dx0)} ${f(byb - D * 0.1)}H${f(dx1)}L${f(dx1 + flare)} ${f(dy1)}`;
  const waves = 4;
  const ww = (dx1 - dx0 + 2 * flare) / waves;
  for (let i = 0; i < waves; i++) {
    const xa = dx1 + flare - i * ww;
    hem += `Q${f(xa - ww / 2)} ${f(dy1 + (i % 2 ? -1 : 1) * m * 0.012)} ${f(xa - ww)} ${f(dy1)}`;
  }
  hem += 'Z';
  sc.body.push(
    `<path d="${hem}" transform="translate(${f(m * 0.012)} ${f(m * 0.006)})" fill="#000" fill-opacity=".25"/>`,
  );
  sc.paint(hem, [...main.fills, drape, pleats]);
  sc.paint(
    `M${f(bx)} ${f(byb - D)}H${f(bx + L)}A${f(D * 0.22)} ${f(D / 2)} 0 0 1 ${f(bx + L)} ${f(byb)}H${f(bx)}Z`,
    [...main.fills, cyl],
  );
  sc.body.push(boltEnd(bx, byb - D / 2, D * 0.22, D / 2, c.base, r));
  // a folded stack on the counter
  for (let i = 0; i < 4; i++)
    addPiece(W * 0.64 + pw * between(r, -0.04, 0.04), Math.round(ctop) - (i + 1) * ph, [
      sc.cloth(k++, true),
    ]);
  flushPieces();
  // a measuring-tape roll
  const tr = m * 0.028;
  const tx = W * 0.24;
  sc.body.push(
    `<circle cx="${f(tx)}" cy="${f(ctop - tr * 0.9)}" r="${f(tr)}" fill="#e3b93f" stroke="#a47d1c" stroke-width="${f(tr * 0.1, 2)}"/><circle cx="${f(tx)}" cy="${f(ctop - tr * 0.9)}" r="${f(tr * 0.35)}" fill="#8c6a1a"/>`,
  );
  sc.light(0.04, 0.2, 0.2);
}

function drawTailoring(sc: Scene): void {
  const { W, H, r, c, m } = sc;
  const wood = mix('#a27a55', c.accent, 0.1);
  sc.body.push(rect(0, 0, W, H, wood));
  let lightGrain = '';
  let darkGrain = '';
  for (let k = 0; k < 46; k++) {
    const y = r() * H;
    const a = between(r, -1, 1) * m * 0.02;
    const b = between(r, -1, 1) * m * 0.02;
    const d = `M-10 ${f(y)}C${f(W * 0.3)} ${f(y + a)} ${f(W * 0.65)} ${f(y + b)} ${f(W + 10)} ${f(y + (a - b) / 2)}`;
    if (r() < 0.4) lightGrain += d;
    else darkGrain += d;
  }
  sc.body.push(
    `<path d="${lightGrain}" fill="none" stroke="${shade(wood, 0.3)}" stroke-opacity=".25" stroke-width="${f(m * 0.003, 2)}"/>`,
  );
  sc.body.push(
    `<path d="${darkGrain}" fill="none" stroke="${shade(wood, -0.35)}" stroke-opacity=".22" stroke-width="${f(m * 0.002, 2)}"/>`,
  );
  let seams = '';
  for (let y = H * 0.25; y < H - 1; y += H * 0.25) seams += `M0 ${f(y)}H${W}`;
  sc.body.push(
    `<path d="${seams}" stroke="#000" stroke-opacity=".3" stroke-width="${f(m * 0.003, 2)}"/>`,
  );

  // A length of the palette's cloth with one corner folded back. The weave stays axis-aligned
  // (rotated patterns are very slow in librsvg); only the cut edges are askew.
  const fab = sc.fabric(pick(r, WEAVES, 'twill'), c, 0.75, false);
  const tilt = between(r, 0.03, 0.07);
  const TL: [number, number] = [-W * 0.1, H * (0.16 + tilt)];
  const TR: [number, number] = [W * 0.74, H * 0.14];
  const BR: [number, number] = [W * 0.76, H * 0.68];
  const BL: [number, number] = [-W * 0.1, H * (0.72 + tilt)];
  const along = (
    p: readonly [number, number],
    q: readonly [number, number],
    t: number,
  ): [number, number] => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
  const P = along(TL, TR, 0.84);
  const Q = along(TR, BR, 0.42);
  // reflect the cut corner TR across the fold line P-Q to find the flap's tip
  const vx = Q[0] - P[0];
  const vy = Q[1] - P[1];
  const t = ((TR[0] - P[0]) * vx + (TR[1] - P[1]) * vy) / (vx * vx + vy * vy);
  const tip: [number, number] = [2 * (P[0] + t * vx) - TR[0], 2 * (P[1] + t * vy) - TR[1]];
  const poly = (pts: ReadonlyArray<readonly [number, number]>) =>
    `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;
  const cloth = poly([TL, P, Q, BR, BL]);
  const flap = poly([P, Q, tip]);
  const lift = `translate(${f(m * 0.012)} ${f(m * 0.016)})`;
  sc.body.push(`<path d="${cloth}" transform="${lift}" fill="#000" fill-opacity=".25"/>`);
  const folds = sc.grad(
    [
      [0, '#000', 0.12],
      [0.2, '#fff', 0.08],
      [0.35, '#000', 0],
      [0.55, '#000', 0.12],
      [0.7, '#fff', 0.06],
      [1, '#000', 0.15],
    ],
    false,
  );
  sc.paint(cloth, [...fab.fills, folds]);
  // chalk marks: a sleeve pattern outline, a grain line with arrows, and notches
  const chalk = lum(c.base) > 0.55 ? '#3f6496' : '#f4f1ea';
  const sx = W * 0.12;
  const sy = H * 0.28;
  const sw = W * 0.34;
  const sh = H * 0.36;
  const cw = f(m * 0.004, 2);
  let g = `<path d="M${f(sx)} ${f(sy + sh * 0.35)}C${f(sx + sw * 0.2)} ${f(sy + sh * 0.3)} ${f(sx + sw * 0.3)} ${f(sy)} ${f(sx + sw * 0.5)} ${f(sy)}C${f(sx + sw * 0.7)} ${f(sy)} ${f(sx + sw * 0.8)} ${f(sy + sh * 0.3)} ${f(sx + sw)} ${f(sy + sh * 0.35)}L${f(sx + sw * 0.85)} ${f(sy + sh)}H${f(sx + sw * 0.15)}Z" fill="none" stroke="${chalk}" stroke-opacity=".75" stroke-width="${cw}" stroke-dasharray="${f(m * 0.012)} ${f(m * 0.008)}" stroke-linejoin="round"/>`;
  g += `<path d="M${f(sx + sw * 0.5)} ${f(sy + sh * 0.15)}V${f(sy + sh * 0.85)}M${f(sx + sw * 0.47)} ${f(sy + sh * 0.2)}L${f(sx + sw * 0.5)} ${f(sy + sh * 0.15)}L${f(sx + sw * 0.53)} ${f(sy + sh * 0.2)}M${f(sx + sw * 0.47)} ${f(sy + sh * 0.8)}L${f(sx + sw * 0.5)} ${f(sy + sh * 0.85)}L${f(sx + sw * 0.53)} ${f(sy + sh * 0.8)}M${f(sx + sw * 0.27)} ${f(sy + sh * 0.1)}l${f(m * 0.012)} ${f(m * 0.008)}M${f(sx + sw * 0.73)} ${f(sy + sh * 0.1)}l${f(-m * 0.012)} ${f(m * 0.008)}" fill="none" stroke="${chalk}" stroke-opacity=".75" stroke-width="${cw}" stroke-linecap="round"/>`;
  sc.body.push(g);
  // the folded-back corner shows the paler reverse side
  sc.body.push(
    `<path d="${flap}" transform="translate(${f(m * 0.006)} ${f(m * 0.01)})" fill="#000" fill-opacity=".25"/>`,
  );
  sc.paint(flap, fab.fills);
  sc.body.push(`<path d="${flap}" fill="#fff" fill-opacity=".2"/>`);
  sc.body.push(
    `<path d="M${f(P[0])} ${f(P[1])}L${f(Q[0])} ${f(Q[1])}" stroke="#fff" stroke-opacity=".35" stroke-width="${f(m * 0.003, 2)}"/>`,
  );

  // measuring tape: a loose S-curve, ticked along both edges
  const T = m * 0.032;
  const tape = `M${f(W * 0.5)} ${f(-H * 0.05)}C${f(W * 0.62)} ${f(H * 0.2)} ${f(W * 0.95)} ${f(H * 0.12)} ${f(W * 0.9)} ${f(H * 0.4)}C${f(W * 0.86)} ${f(H * 0.62)} ${f(W * 0.45)} ${f(H * 0.55)} ${f(W * 0.42)} ${f(H * 0.8)}C${f(W * 0.4)} ${f(H * 0.92)} ${f(W * 0.22)} ${f(H * 0.95)} ${f(W * 0.14)} ${f(H * 0.9)}`;
  const yellow = mix('#e9c23f', c.hi, 0.12);
  const tick = T * 0.1;
  sc.body.push(
    `<path d="${tape}" transform="translate(${f(m * 0.006)} ${f(m * 0.009)})" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="${f(T)}"/>` +
      `<path d="${tape}" fill="none" stroke="${yellow}" stroke-width="${f(T)}"/>` +
      `<path d="${tape}" fill="none" stroke="#3a2f1a" stroke-opacity=".75" stroke-width="${f(T)}" stroke-dasharray="${f(tick * 0.35, 2)} ${f(tick * 1.65, 2)}"/>` +
      `<path d="${tape}" fill="none" stroke="${yellow}" stroke-width="${f(T * 0.5)}"/>` +
      `<path d="${tape}" fill="none" stroke="#3a2f1a" stroke-opacity=".8" stroke-width="${f(T * 0.9)}" stroke-dasharray="${f(tick * 0.45, 2)} ${f(tick * 19.55, 2)}"/>`,
  );
  const tipX0 = W * 0.14;
  const tipY0 = H * 0.9;
  sc.body.push(
    rect(
      tipX0 - T * 0.5,
      tipY0 - T * 0.55,
      T * 0.6,
      T * 1.1,
      '#9aa0a6',
      ` transform="rotate(-25 ${f(tipX0)} ${f(tipY0)})"`,
    ),
  );

  // tailor's shears
  const scx = W * 0.7;
  const scy = H * 0.74;
  const Ls = m * 0.34;
  const rot = between(r, -38, -22);
  const blade = (a: number) =>
    `<path d="M${f(-Ls * 0.05)} ${f(-Ls * 0.03)}L${f(Ls)} ${f(-Ls * 0.006)}L${f(Ls * 0.97)} ${f(Ls * 0.02)}L${f(-Ls * 0.05)} ${f(Ls * 0.045)}Z" transform="rotate(${a})"`;
  const bow = (cx: number, cy: number, rx: number, ry: number) =>
    `${ellipsePath(cx, cy, rx, ry)}${ellipsePath(cx, cy, rx * 0.62, ry * 0.55, 1)}`;
  const handles = `${bow(-Ls * 0.3, -Ls * 0.09, Ls * 0.13, Ls * 0.08)}${bow(-Ls * 0.36, Ls * 0.1, Ls * 0.19, Ls * 0.075)}M${f(-Ls * 0.2)} ${f(-Ls * 0.06)}L0 ${f(-Ls * 0.015)}L0 ${f(Ls * 0.02)}L${f(-Ls * 0.2)} ${f(-Ls * 0.02)}ZM${f(-Ls * 0.2)} ${f(Ls * 0.06)}L0 ${f(Ls * 0.015)}L0 ${f(Ls * 0.045)}L${f(-Ls * 0.2)} ${f(Ls * 0.1)}Z`;
  const steel = sc.uid('st');
  sc.defs.push(
    `<linearGradient id="${steel}" x1="0" y1="0" x2="0" y2="1">${stops([
      [0, '#f1f3f5', 1],
      [0.45, '#b9c0c7', 1],
      [1, '#7d858d', 1],
    ])}</linearGradient>`,
  );
  const hair = f(m * 0.0015, 2);
  let sh2 = `<g transform="translate(${f(scx + m * 0.01)} ${f(scy + m * 0.014)}) rotate(${f(rot)})" fill="#000" fill-opacity=".22">${blade(-3)}/>${blade(4)}/><path d="${handles}" fill-rule="evenodd"/></g>`;
  sh2 += `<g transform="translate(${f(scx)} ${f(scy)}) rotate(${f(rot)})">`;
  sh2 += `${blade(4)} fill="url(#${steel})" stroke="#5f666d" stroke-width="${hair}"/>`;
  sh2 += `${blade(-3)} fill="url(#${steel})" stroke="#5f666d" stroke-width="${hair}"/>`;
  sh2 += `<path d="${handles}" fill-rule="evenodd" fill="#222226" stroke="#000" stroke-width="${hair}"/>`;
  sh2 += `<path d="${ellipsePath(-Ls * 0.3, -Ls * 0.09, Ls * 0.13, Ls * 0.08)}" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="${f(m * 0.003, 2)}"/>`;
  sh2 += `<circle r="${f(Ls * 0.028)}" fill="#c9ced3" stroke="#5f666d" stroke-width="${hair}"/><path d="M${f(-Ls * 0.018)} 0H${f(Ls * 0.018)}" stroke="#5f666d" stroke-width="${f(m * 0.002, 2)}"/>`;
  sc.body.push(`${sh2}</g>`);

  // tailor's chalk
  const chx = W * 0.2;
  const chy = H * 0.83;
  const cs = m * 0.07;
  const chalkColour =
    lum(c.base) > 0.55
      ? '#7f9fcb'
      : pick(r, ['#e8eef3', '#f1d9dc', '#dde8d2', '#f3ead0'], '#e8eef3');
  const tri = (k: number) =>
    `M${f(-cs * k)} ${f(cs * 0.55 * k)}Q${f(-cs * k * 1.05)} ${f(cs * 0.7 * k)} ${f(-cs * 0.8 * k)} ${f(cs * 0.7 * k)}H${f(cs * 0.8 * k)}Q${f(cs * k * 1.05)} ${f(cs * 0.7 * k)} ${f(cs * k)} ${f(cs * 0.55 * k)}L${f(cs * 0.12 * k)} ${f(-cs * 0.62 * k)}Q0 ${f(-cs * 0.72 * k)} ${f(-cs * 0.12 * k)} ${f(-cs * 0.62 * k)}Z`;
  const crot = between(r, -30, 30);
  sc.body.push(
    `<g transform="translate(${f(chx + m * 0.008)} ${f(chy + m * 0.012)}) rotate(${f(crot)})"><path d="${tri(1)}" fill="#000" fill-opacity=".22"/></g><g transform="translate(${f(chx)} ${f(chy)}) rotate(${f(crot)})"><path d="${tri(1)}" fill="${shade(chalkColour, -0.12)}"/><path d="${tri(0.72)}" fill="${chalkColour}"/></g>`,
  );
  // a thread spool seen from above, and a few pins
  const spx = W * 0.12;
  const spy = H * 0.14;
  const sr = m * 0.065;
  const thread = shade(c.accent, 0.05);
  let rings = '';
  for (let k = 0; k < 5; k++) {
    rings += `<circle cx="${f(spx)}" cy="${f(spy)}" r="${f(sr * (0.5 + k * 0.08))}" fill="none" stroke="${shade(thread, k % 2 ? 0.2 : -0.2)}" stroke-opacity=".5" stroke-width="${hair}"/>`;
  }
  sc.body.push(
    `<circle cx="${f(spx + m * 0.008)}" cy="${f(spy + m * 0.012)}" r="${f(sr * 1.1)}" fill="#000" fill-opacity=".22"/><circle cx="${f(spx)}" cy="${f(spy)}" r="${f(sr * 1.1)}" fill="#d7b98c" stroke="#9c7c50" stroke-width="${f(m * 0.002, 2)}"/><circle cx="${f(spx)}" cy="${f(spy)}" r="${f(sr * 0.9)}" fill="${thread}"/>${rings}<circle cx="${f(spx)}" cy="${f(spy)}" r="${f(sr * 0.4)}" fill="#e3c89e" stroke="#9c7c50" stroke-width="${f(m * 0.002, 2)}"/><circle cx="${f(spx)}" cy="${f(spy)}" r="${f(sr * 0.14)}" fill="#3a2e24"/>`,
  );
  const heads = ['#c0392b', '#2e86c1', '#f4d03f', '#27ae60', '#f5f5f5'];
  for (let k = 0; k < 5; k++) {
    const x = W * between(r, 0.26, 0.36);
    const y = H * between(r, 0.78, 0.94);
    const a = between(r, 0, Math.PI * 2);
    const len = m * 0.05;
    const x2 = x + Math.cos(a) * len;
    const y2 = y + Math.sin(a) * len;
    sc.body.push(
      `<path d="M${f(x + m * 0.002)} ${f(y + m * 0.003)}L${f(x2 + m * 0.002)} ${f(y2 + m * 0.003)}" stroke="#000" stroke-opacity=".2" stroke-width="${f(m * 0.003, 2)}"/><path d="M${f(x)} ${f(y)}L${f(x2)} ${f(y2)}" stroke="#b8bec4" stroke-width="${f(m * 0.0025, 2)}" stroke-linecap="round"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(m * 0.006)}" fill="${heads[k] ?? '#c0392b'}"/>`,
    );
  }
  sc.light(0.06, 0.2, 0.2);
}

const SCENE_DRAW: Record<SceneKind, SceneDraw> = {
  store: (id, c, r, W, H) => {
    const sc = new Scene(id, c, r, W, H);
    drawStore(sc);
    return sc.doc();
  },
  bolts: (id, c, r, W, H) => {
    const sc = new Scene(id, c, r, W, H);
    drawBolts(sc);
    return sc.doc();
  },
  swatches: (id, c, r, W, H) => {
    const sc = new Scene(id, c, r, W, H);
    drawSwatches(sc);
    return sc.doc();
  },
  tailoring: (id, c, r, W, H) => {
    const sc = new Scene(id, c, r, W, H);
    drawTailoring(sc);
    return sc.doc();
  },
};
