import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import { SIGNATURE_FIELD, sha512OfFile, verifyUpdate } from './signature.ts';

/**
 * Decides whether a downloaded update may be installed: the digest is computed here from the
 * file's own bytes (never taken from the feed), the feed's entry for those bytes is found by that
 * digest, and its signature must verify, for the feed's version, with a key shipped in the app.
 * Whatever the feed says is only used to find the signature; the key decides.
 */

/** The part of electron-updater's UpdateInfo read here (the parsed latest*.yml, extra fields kept). */
export interface FeedInfo {
  version: string;
  files?: unknown;
}

export type Verdict = { ok: true; sha512: string } | { ok: false; reason: string };

export async function verifyDownloadedUpdate(options: {
  file: string;
  info: FeedInfo;
  publicKeys: readonly KeyObject[];
}): Promise<Verdict> {
  const { file, info, publicKeys } = options;
  const name = path.basename(file);
  if (publicKeys.length === 0) return { ok: false, reason: 'this build carries no update key' };
  let sha512: string;
  try {
    sha512 = await sha512OfFile(file);
  } catch (err) {
    return { ok: false, reason: `${name} cannot be read (${(err as Error).message})` };
  }
  const entries = Array.isArray(info.files) ? (info.files as unknown[]) : [];
  const entry = entries.find(
    (e): e is Record<string, unknown> =>
      typeof e === 'object' && e !== null && (e as Record<string, unknown>).sha512 === sha512,
  );
  if (entry === undefined) return { ok: false, reason: `${name} matches no file in the feed` };
  const signature = entry[SIGNATURE_FIELD];
  if (typeof signature !== 'string' || signature === '') {
    return { ok: false, reason: `${name} is not signed (no ${SIGNATURE_FIELD} in the feed)` };
  }
  if (!verifyUpdate(publicKeys, info.version, sha512, signature)) {
    return { ok: false, reason: `${name}'s signature does not verify with the release key` };
  }
  return { ok: true, sha512 };
}
