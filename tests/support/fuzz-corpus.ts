/**
 * The fuzzer's corpus of bad requests (issue 17 item 7): wrong content types and malformed
 * bodies (JSON, multipart, truncated, invalid UTF-8), missing, duplicated and unknown fields,
 * NUL and control characters, 10k-character strings, integers at 2^31 and 2^53, negative
 * numbers, floats, NaN, arrays where scalars belong, dates, times and months at the edges
 * (issue 28 item 7), and random values drawn by fast-check from a fixed seed (so every run
 * sends the same requests, and a failure can be replayed).
 */
import fc from 'fast-check';

/** The seed of every random draw; change it to explore, keep it to replay. */
const FUZZ_SEED = 20261125;

/** One body to send: its content type (none when absent) and bytes. */
export interface FuzzBody {
  label: string;
  type?: string;
  body: Buffer;
}

/** Values every field is tried with, as form text. */
export const BAD_TEXT_VALUES: readonly [string, string][] = [
  ['empty', ''],
  ['NUL inside', 'a\u0000b'],
  ['NUL alone', '\u0000'],
  ['control characters', '\u0001\u0002\u001b[31m\u007f\r\n\t'],
  ['10k characters', 'x'.repeat(10_000)],
  ['2^31', '2147483648'],
  ['2^53 + 1', '9007199254740993'],
  ['negative', '-1'],
  ['float', '1.5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['exponent', '1e400'],
  ['array text', '[1,2]'],
  ['object text', '{"$gt":""}'],
  ['SQL', "' or 1=1; drop table products; --"],
  ['markup', '<script>alert(1)</script>'],
  ['right-to-left and emoji', '\u202e\u{1F600}\uFE0F\u200d'],
  ['lone surrogate', '\ud800'],
];

/**
 * Dates, times and months at the edges (issue 28 item 7), for every field and query parameter
 * that takes one: the years 0001 and 9999 (a time on 9999-12-31 in Kolkata is 10000-01-01
 * there), extended years, 31 February, malformed months, times without a zone, times of other
 * zones, and clock times past the end of the day.
 */
export const EDGE_DATE_VALUES: readonly [string, string][] = [
  ['day in year 0001', '0001-01-01'],
  ['day in year 9999', '9999-12-31'],
  ['31 February', '2026-02-31'],
  ['29 February of a common year', '2027-02-29'],
  ['day 00', '2026-11-00'],
  ['month 13 day', '2026-13-01'],
  ['month with letters', '2026-11x'],
  ['month with a day 99', '2026-11-99'],
  ['month with a tail', '2026-12abc'],
  ['month 00', '2026-00'],
  ['month 13', '2026-13'],
  ['month in year 0001', '0001-01'],
  ['month in year 9999', '9999-12'],
  ['time in year 0001', '0001-01-01T00:00:00Z'],
  ['last millisecond of 9999', '9999-12-31T23:59:59.999Z'],
  ['9999-12-31 in Kolkata', '9999-12-31T12:00:00+05:30'],
  ['9999-12-31 in New York', '9999-12-31T23:59:59.999-05:00'],
  ['extended year', '+010000-01-01T00:00:00Z'],
  ['negative year', '-000001-01-01T00:00:00Z'],
  ['time on 31 February', '2026-02-31T05:30:00Z'],
  ['time without a zone', '2026-11-28T11:00:00'],
  ['minutes without a zone', '2026-11-28T11:00'],
  ['time of New York', '2026-11-28T00:30:00-05:00'],
  ['time of Kiritimati', '2026-11-28T19:30:00+14:00'],
  ['zone past 14 hours', '2026-11-28T11:00:00+23:59'],
  ['hour 24', '2026-11-28T24:00:00Z'],
  ['clock 24:00', '24:00'],
  ['clock 23:60', '23:60'],
  ['clock with a zone', '11:00+05:30'],
  ['milliseconds', '1795838400000'],
];

/** Values every JSON field is tried with (numbers, arrays and objects where scalars belong). */
const BAD_JSON_VALUES: readonly [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['2^31', 2 ** 31],
  ['2^53', 2 ** 53],
  ['-2^53', -(2 ** 53)],
  ['negative', -1],
  ['float', 1.5],
  ['huge float', 1e308],
  ['array', [1, 'a', null]],
  ['nested array', [[[[[[[[[[[]]]]]]]]]]]],
  ['object', { $gt: '' }],
  ['NUL string', 'a\u0000b'],
  ['10k string', 'x'.repeat(10_000)],
  ['control string', '\u0001\u001b\u007f'],
  ['empty string', ''],
];

/** Random text values (fast-check, any code point), the same on every run. */
export function randomTexts(count: number, salt: number): string[] {
  return fc.sample(fc.string({ unit: 'binary', maxLength: 64 }), {
    seed: FUZZ_SEED + salt,
    numRuns: count,
  });
}

/** Random JSON values (fast-check), the same on every run. */
function randomJson(count: number, salt: number): unknown[] {
  return fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: FUZZ_SEED + salt, numRuns: count });
}

const FORM = 'application/x-www-form-urlencoded';
const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

function urlencoded(pairs: readonly [string, string][]): Buffer {
  const params = new URLSearchParams();
  for (const [name, value] of pairs) params.append(name, value);
  return Buffer.from(params.toString());
}

/** A multipart body of text fields and optional files (raw bytes). */
function multipart(
  fields: readonly [string, string][],
  files: readonly { name: string; filename: string; type: string; bytes: Buffer }[] = [],
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * The bad bodies of a form action: `fields` are the names it reads, `fixed` the fields every
 * body carries (the intent), and `files` the file fields of an upload form.
 */
export function formCorpus(
  fields: readonly string[],
  fixed: Record<string, string> = {},
  files: readonly string[] = [],
  salt = 0,
): FuzzBody[] {
  const base = Object.entries(fixed);
  const every = (value: string): [string, string][] => [
    ...base,
    ...fields.map((name): [string, string] => [name, value]),
  ];
  const bodies: FuzzBody[] = [
    // Wrong content types and malformed bodies.
    {
      label: 'JSON to a form',
      type: 'application/json',
      body: Buffer.from(
        JSON.stringify({ ...fixed, ...Object.fromEntries(fields.map((f) => [f, 'x'])) }),
      ),
    },
    { label: 'text/plain', type: 'text/plain', body: urlencoded(every('x')) },
    { label: 'no content type', body: urlencoded(every('x')) },
    {
      label: 'XML',
      type: 'application/xml',
      body: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b SYSTEM "file:///etc/passwd">]><a>&b;</a>',
      ),
    },
    {
      label: 'multipart without its boundary',
      type: 'multipart/form-data',
      body: multipart(every('x')),
    },
    {
      label: 'multipart, other boundary',
      type: 'multipart/form-data; boundary=nope',
      body: multipart(every('x')),
    },
    { label: 'truncated multipart', type: MULTIPART, body: multipart(every('x')).subarray(0, 60) },
    {
      label: 'invalid UTF-8',
      type: FORM,
      body: Buffer.concat([
        urlencoded(base),
        Buffer.from(`&${fields[0] ?? 'x'}=`),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
      ]),
    },
    {
      label: 'broken percent-encoding',
      type: FORM,
      body: Buffer.from(`${urlencoded(base).toString()}&${fields[0] ?? 'x'}=%E0%A4%A&%zz=%`),
    },
    {
      label: 'invalid UTF-8 in multipart',
      type: MULTIPART,
      body: Buffer.concat([
        multipart(base).subarray(0, -`--${BOUNDARY}--\r\n`.length),
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fields[0] ?? 'x'}"\r\n\r\n`,
        ),
        Buffer.from([0xff, 0xc0, 0x80]),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    },
    // Missing, duplicated and unknown fields.
    { label: 'no fields', type: FORM, body: Buffer.alloc(0) },
    { label: 'only the fixed fields', type: FORM, body: urlencoded(base) },
    {
      label: 'every field twice',
      type: FORM,
      body: urlencoded([
        ...base,
        ...base,
        ...fields.flatMap((name): [string, string][] => [
          [name, ''],
          [name, '\u0000'],
        ]),
      ]),
    },
    {
      label: 'unknown fields',
      type: FORM,
      body: urlencoded([
        ...base,
        ['__proto__', 'x'],
        ['constructor', 'x'],
        ['role', 'admin'],
        ['pricePaise', '1'],
      ]),
    },
    {
      label: 'a 2,000-field form',
      type: FORM,
      body: urlencoded([
        ...base,
        ...Array.from({ length: 2_000 }, (_, i): [string, string] => [`f${i}`, 'x']),
      ]),
    },
  ];
  for (const [label, value] of BAD_TEXT_VALUES) {
    bodies.push({ label: `every field ${label}`, type: FORM, body: urlencoded(every(value)) });
  }
  randomTexts(6, salt).forEach((value, index) => {
    bodies.push({
      label: `every field random #${index}`,
      type: FORM,
      body: urlencoded(every(value)),
    });
  });
  if (files.length > 0) {
    const junk = Buffer.from(randomTexts(1, salt + 1)[0]!.repeat(20));
    const fakes = [
      { filename: 'photo.png', type: 'image/png', bytes: junk },
      {
        filename: '../../etc/passwd\u0000.png',
        type: 'image/png',
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      },
      { filename: 'clip.mp4', type: 'video/mp4', bytes: Buffer.from('<svg onload=alert(1)>') },
    ];
    for (const fake of fakes) {
      bodies.push({
        label: `upload ${fake.filename.slice(0, 20)}`,
        type: MULTIPART,
        body: multipart(
          every('1'),
          files.map((name) => ({ name, ...fake })),
        ),
      });
    }
  }
  return bodies;
}

/**
 * The bodies of a form whose `dateFields` take a date, time or month: each edge value of
 * {@link EDGE_DATE_VALUES} in all of them at once, beside `fixed` (the intent and valid values
 * of the form's other fields, so the request reaches the date).
 */
export function dateCorpus(
  dateFields: readonly string[],
  fixed: Record<string, string> = {},
): FuzzBody[] {
  return EDGE_DATE_VALUES.map(([label, value]) => ({
    label,
    type: FORM,
    body: urlencoded([
      ...Object.entries(fixed),
      ...dateFields.map((name): [string, string] => [name, value]),
    ]),
  }));
}

/** The bad bodies of a JSON endpoint: `fields` are the keys it reads, `fixed` what each carries. */
export function jsonCorpus(
  fields: readonly string[],
  fixed: Record<string, unknown> = {},
  salt = 0,
): FuzzBody[] {
  const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
  const every = (value: unknown) => ({
    ...fixed,
    ...Object.fromEntries(fields.map((name) => [name, value])),
  });
  const bodies: FuzzBody[] = [
    {
      label: 'form to JSON',
      type: FORM,
      body: urlencoded(Object.entries(fixed).map(([k, v]) => [k, String(v)])),
    },
    { label: 'multipart to JSON', type: MULTIPART, body: multipart([['x', 'y']]) },
    { label: 'text/plain JSON', type: 'text/plain', body: json(every('x')) },
    { label: 'no content type', body: json(every('x')) },
    { label: 'truncated JSON', type: 'application/json', body: json(every('x')).subarray(0, 7) },
    { label: 'not JSON', type: 'application/json', body: Buffer.from("{action: 'add', line: }") },
    {
      label: 'NaN literal',
      type: 'application/json',
      body: Buffer.from(`{"${fields[0] ?? 'x'}": NaN}`),
    },
    {
      label: 'invalid UTF-8 JSON',
      type: 'application/json',
      body: Buffer.concat([
        Buffer.from(`{"${fields[0] ?? 'x'}":"`),
        Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
    },
    { label: 'empty body', type: 'application/json', body: Buffer.alloc(0) },
    { label: 'top-level array', type: 'application/json', body: json([fixed]) },
    { label: 'top-level string', type: 'application/json', body: json('x') },
    { label: 'top-level null', type: 'application/json', body: Buffer.from('null') },
    { label: 'only the fixed keys', type: 'application/json', body: json(fixed) },
    {
      label: 'unknown keys',
      type: 'application/json',
      body: Buffer.from(
        `{${Object.entries(fixed)
          .map(([k, v]) => `"${k}":${JSON.stringify(v)},`)
          .join(
            '',
          )}"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"role":"admin"}`,
      ),
    },
    {
      label: 'duplicated keys',
      type: 'application/json',
      body: Buffer.from(
        `{${[...Object.entries(fixed), ...fields.map((f) => [f, 'x'])].map(([k, v]) => `"${k}":${JSON.stringify(v)},"${k}":[]`).join(',')}}`,
      ),
    },
    {
      label: 'deeply nested',
      type: 'application/json',
      body: Buffer.from(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
    },
  ];
  for (const [label, value] of BAD_JSON_VALUES) {
    bodies.push({
      label: `every key ${label}`,
      type: 'application/json',
      body: json(every(value)),
    });
  }
  randomJson(6, salt).forEach((value, index) => {
    bodies.push({
      label: `every key random #${index}`,
      type: 'application/json',
      body: json(every(value)),
    });
  });
  return bodies;
}
