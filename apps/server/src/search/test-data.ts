// Test helper: reads the real patent records in ../shared/data/patents (beside the checkout; never copied
// into the repository). Only tests import this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const PATENT_DATA_DIR = path.resolve(repoRoot, '../shared/data/patents');

export function hasPatentData(): boolean {
  return fs.existsSync(path.join(PATENT_DATA_DIR, 'cn_title_ipc_subclass.jsonl'));
}

export interface PatentRecord {
  pn: string | null;
  an: string | null;
  title: string | null;
  abstract: string | null;
  claims: string | null;
  description: string | null;
  [key: string]: unknown;
}

/** The records of one file (up to `limit`). */
export function readPatents(file: string, limit = Infinity): PatentRecord[] {
  const out: PatentRecord[] = [];
  for (const line of fs.readFileSync(path.join(PATENT_DATA_DIR, file), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    out.push(JSON.parse(line) as PatentRecord);
    if (out.length >= limit) break;
  }
  return out;
}

/** Every *.jsonl file in the data folder. */
export function patentFiles(): string[] {
  return fs.readdirSync(PATENT_DATA_DIR).filter((f) => f.endsWith('.jsonl'));
}

/** A small deterministic PRNG (mulberry32), so property tests are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
