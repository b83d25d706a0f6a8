import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {
  parsePublicKeys,
  SIGNATURE_FIELD,
  sha512OfFile,
  signUpdate,
  verifyUpdate,
} from '../core/update/signature.ts';

/**
 * The release side of Roomdeck's update signature (core/update/signature.ts): adds an Ed25519
 * signature to every file listed in the feed files electron-builder wrote (latest*.yml and the
 * other channels'), over the feed's channel and platform (from its file name), the file's name,
 * the version and the SHA-512 of the file's bytes as they are in the release folder.
 */

/** The channel files electron-builder writes: latest.yml, latest-mac.yml, beta-linux.yml, … */
export const FEED_FILE = /^(latest|beta|alpha)(-[a-z0-9-]+)?\.yml$/;

/** The channel and platform a feed file serves (signature.ts): `beta-linux-arm64.yml` → beta, linux-arm64. */
export function feedOf(feedFile: string): { channel: string; platform: string } {
  const match = FEED_FILE.exec(feedFile);
  if (match === null) throw new Error(`${feedFile} is not a feed file`);
  return { channel: match[1] as string, platform: match[2]?.slice(1) ?? 'windows' };
}

export function readPrivateKey(file: string): KeyObject {
  const key = createPrivateKey(readFileSync(file, 'utf8'));
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${file}: the update signing key must be Ed25519, not ${key.asymmetricKeyType}`);
  }
  return key;
}

/** A fresh key pair, as PEM: the private half for the release machine, the public for the app. */
export function generateUpdateKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

interface FeedEntry {
  url?: unknown;
  sha512?: unknown;
  [field: string]: unknown;
}

/**
 * Signs every feed file in `dir` in place. Refuses (throws, nothing half-written for that file)
 * when a listed file is not in `dir`, when its bytes do not match the SHA-512 the feed claims, or
 * when the new signature would not verify with `publicKeys` (the keys the app ships): a release
 * the panels would refuse is stopped here rather than found out on site.
 */
export async function signFeed(options: {
  dir: string;
  privateKey: KeyObject;
  publicKeys: readonly KeyObject[];
}): Promise<{ feedFile: string; file: string }[]> {
  const { dir, privateKey, publicKeys } = options;
  const feeds = readdirSync(dir).filter((name) => FEED_FILE.test(name));
  if (feeds.length === 0) throw new Error(`${dir} holds no latest*.yml: build the release first`);
  const signed: { feedFile: string; file: string }[] = [];
  for (const feedFile of feeds) {
    const feedPath = path.join(dir, feedFile);
    const feed = yaml.load(readFileSync(feedPath, 'utf8')) as { version?: unknown; files?: unknown };
    if (typeof feed?.version !== 'string' || !Array.isArray(feed.files)) {
      throw new Error(`${feedFile}: no version or files list`);
    }
    const version = feed.version;
    for (const entry of feed.files as FeedEntry[]) {
      const { url, sha512 } = entry;
      // electron-builder writes bare file names for the generic provider; anything else is not ours.
      if (typeof url !== 'string' || url !== path.basename(url) || url.startsWith('.')) {
        throw new Error(`${feedFile}: ${String(url)} is not a file name in the release folder`);
      }
      const actual = await sha512OfFile(path.join(dir, url));
      if (actual !== sha512) {
        throw new Error(`${feedFile}: ${url}'s bytes do not match the SHA-512 the feed lists`);
      }
      const release = { ...feedOf(feedFile), file: url, version, sha512: actual };
      const signature = signUpdate(privateKey, release);
      if (!verifyUpdate(publicKeys, release, signature)) {
        throw new Error(
          'the signing key does not match resources/update-public-key.pem: panels would refuse this release',
        );
      }
      entry[SIGNATURE_FIELD] = signature;
      signed.push({ feedFile, file: url });
    }
    writeFileSync(feedPath, yaml.dump(feed, { lineWidth: -1 }));
  }
  return signed;
}

export function readPublicKeys(file: string): KeyObject[] {
  return parsePublicKeys(readFileSync(file, 'utf8'));
}
