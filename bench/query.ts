/**
 * Micro-benchmark of the list endpoint's query path: compile a query once, match it against 10,000
 * indexed room records. Not a test; run with `npx tsx bench/query.ts`. Prints one JSON line per case.
 * Budget (wire contract / simulator design): p95 ≤ 20 ms for a three-term query with one fuzzy term.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { compileQuery, indexDocument } from '../simulator/query/index.ts';
import type { IndexedDocument } from '../simulator/query/index.ts';

const DOCS = 10_000;
const WARMUP = 5;
const RUNS = 40;

/** Deterministic, so runs on different days compare. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = mulberry32(0x5eed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

const kinds = [
  'Boardroom',
  'Huddle Room',
  'Meeting Room',
  'Training Room',
  'Focus Booth',
  'Auditorium',
  'Lab',
];
const adjectives = ['large', 'small', 'quiet', 'bright', 'open', 'executive', 'flexible', 'accessible'];
const nouns = [
  'display',
  'screen',
  'table',
  'window',
  'view',
  'kitchen',
  'lift',
  'entrance',
  'stage',
  'camera',
];
const fillers = ['with', 'and', 'near', 'the', 'a', 'for', 'on', 'level', 'wing', 'east', 'west', 'north'];
const features = [
  'vc',
  'projector',
  'whiteboard',
  'display',
  'speakerphone',
  'camera',
  'wheelchair',
  'catering',
];
const buildings = ['hq', 'campus', 'annex', 'tower'];

function description(): string {
  const words: string[] = [];
  for (let i = int(7, 13); i > 0; i--) words.push(pick([...adjectives, ...nouns, ...fillers, ...fillers]));
  return `${words.join(' ')}.`;
}

function room(i: number): (string | null)[] {
  const kind = pick(kinds);
  const level = int(1, 12);
  const name = `${kind} ${level}.${String(int(1, 40)).padStart(2, '0')}`;
  const feats = features.filter(() => rand() < 0.35).join(' ');
  const email =
    rand() < 0.8 ? `${kind.toLowerCase().replace(' ', '-')}-${i}@${pick(buildings)}.example.com` : null;
  const id = `sys-${(i * 2654435761).toString(36).slice(-10)}`;
  return [name, description(), email, feats, id];
}

function stats(samples: number[]): { p50: number; p95: number; min: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  return { p50: round(at(0.5)), p95: round(at(0.95)), min: round(s[0]!), max: round(s.at(-1)!) };
}

// Timings on a shared machine are only as good as its load; say what it was.
console.log(
  JSON.stringify({
    case: 'machine',
    cpus: availableParallelism(),
    loadavg_1m: loadavg()[0],
    node: process.version,
  }),
);

const raw = Array.from({ length: DOCS }, (_, i) => room(i));

const t0 = performance.now();
const docs: IndexedDocument[] = raw.map(indexDocument);
const firstIndexMs = performance.now() - t0;
const words = docs.reduce((n, d) => n + d.fields.reduce((m, f) => m + f.length, 0), 0);

const queries = [
  // The budgeted case: three terms, one fuzzy.
  'boardrom~1 projector whiteboard',
  'boardrom~1 + projector -whiteboard',
  'display -projector',
  '"meeting room"~2 | train*',
  'bright + (kitchen | view) + -catering',
  // Harder than the budget: three ~2 terms, which pass the length filter far more often.
  'bordroom~2 projecter~2 whitbord~2',
  'executive-wing',
];

for (const q of queries) {
  const samples: number[] = [];
  // CPU time of this process: on a loaded machine, wall time also counts waiting for a core.
  const cpuSamples: number[] = [];
  let first = 0;
  let hits = 0;
  for (let r = 0; r < WARMUP + RUNS; r++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const c = compileQuery(q);
    let n = 0;
    for (const d of docs) if (c.matches(d)) n++;
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (r === 0) first = ms;
    if (r >= WARMUP) {
      samples.push(ms);
      cpuSamples.push((cpu.user + cpu.system) / 1000);
    }
    hits = n;
  }
  const s = stats(samples);
  console.log(
    JSON.stringify({
      case: 'compile+match',
      q,
      docs: DOCS,
      hits,
      runs: RUNS,
      first_ms: Math.round(first * 1000) / 1000,
      ms: s,
      cpu_ms: stats(cpuSamples),
      within_budget: q === queries[0] ? s.p95 <= 20 : undefined,
    }),
  );
}

// Last, so that its garbage does not land in the matching figures.
const indexTimes: number[] = [firstIndexMs];
for (let r = 1; r < 5; r++) {
  const t = performance.now();
  raw.map(indexDocument);
  indexTimes.push(performance.now() - t);
}
console.log(
  JSON.stringify({
    case: 'indexDocument',
    docs: DOCS,
    avg_words: words / DOCS,
    runs: 5,
    ms: stats(indexTimes),
  }),
);
