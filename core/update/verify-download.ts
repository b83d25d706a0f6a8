import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import { isPrerelease, SIGNATURE_FIELD, sha512OfFile, verifyUpdate } from './signature.ts';

/**
 * Decides whether a downloaded update may be installed: the digest is computed here from the
 * file's own bytes (never taken from the feed), the feed's entry for those bytes is found by that
 * digest, and its signature must verify, with a key shipped in the app, for the feed's version and
 * that entry's file name on the channel and platform this panel reads (signature.ts). Whatever the
 * feed says is only used to find the signature; the key decides. The stable channel never installs
 * a pre-release, whoever signed it.
 */

/** The part of electron-updater's UpdateInfo read here (the parsed latest*.yml, extra fields kept). */
export interface FeedInfo {
  version: string;
  files?: unknown;
}

export type Verdict = { ok: true; sha512: string } | { ok: false; reason: string };

/** The feed this panel reads: electron-updater's channel and the platform's feed name (feedPlatform). */
export interface PanelFeed {
  channel: string;
  platform: string;
}

/** The stable channel's name in electron-updater (latest*.yml). */
export const STABLE_CHANNEL = 'latest';

/** Why a version is never installed from `channel`, or null. */
export function channelRefusal(channel: string, version: string): string | null {
  return channel === STABLE_CHANNEL && isPrerelease(version)
    ? `${version} is a pre-release: the stable channel installs none`
    : null;
}

export async function verifyDownloadedUpdate(options: {
  file: string;
  info: FeedInfo;
  publicKeys: readonly KeyObject[];
  feed: PanelFeed;
}): Promise<Verdict> {
  const { file, info, publicKeys, feed } = options;
  const name = path.basename(file);
  if (publicKeys.length === 0) return { ok: false, reason: 'this build carries no update key' };
  const refusal = channelRefusal(feed.channel, info.version);
  if (refusal !== null) return { ok: false, reason: refusal };
  let sha512: string;
  try {
    sha512 = await sha512OfFile(file);
  } catch (err) {
    return { ok: false, reason: `${name} cannot be read (${(err as Error).message})` };
  }
  const entries = Array.isArray(info.files) ? (info.files as unknown[]) : [];
  // The entry for these bytes under this file's name (electron-updater names the download after
  // the entry's url): a file of the release listed under another's name finds no entry of its own.
  const entry = entries.find(
    (e): e is Record<string, unknown> =>
      typeof e === 'object' &&
      e !== null &&
      (e as Record<string, unknown>).sha512 === sha512 &&
      fileNameOf((e as Record<string, unknown>).url) === name,
  );
  if (entry === undefined) return { ok: false, reason: `${name} matches no file in the feed` };
  const signature = entry[SIGNATURE_FIELD];
  if (typeof signature !== 'string' || signature === '') {
    return { ok: false, reason: `${name} is not signed (no ${SIGNATURE_FIELD} in the feed)` };
  }
  const release = {
    channel: feed.channel,
    platform: feed.platform,
    file: entry.url as string,
    version: info.version,
    sha512,
  };
  if (!verifyUpdate(publicKeys, release, signature)) {
    const what = `${feed.channel} ${release.version} for ${feed.platform}`;
    return { ok: false, reason: `${name}'s signature does not verify with the release key as ${what}` };
  }
  return { ok: true, sha512 };
}

/** The file name a feed entry's url names (decoded, as electron-updater saves it), or null. */
function fileNameOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return path.posix.basename(decodeURIComponent(url));
  } catch {
    return null;
  }
}
