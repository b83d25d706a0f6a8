import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * Roomdeck's own update signature, checked on every platform before an update is installed
 * (electron-updater checks only a SHA-512 the feed itself claims, and Authenticode on Windows when
 * the build was code-signed). The release key signs, with Ed25519, a short message naming what the
 * artifact was released as: its channel, the platform (and, where the feed is per architecture, the
 * architecture) whose feed lists it, its file name, its version and the SHA-512 of its bytes. The
 * public half ships with the app.
 *
 * Each of those is signed so that a genuine artifact cannot be served as something it was not: an
 * older release under a newer version (a rollback), a beta in the stable feed, another platform's
 * or architecture's build, or one file of a release under another's name.
 *
 * The signature sits in the feed's latest*.yml, beside the SHA-512 electron-builder writes for each
 * file: `files[].signatureEd25519`, base64 (scripts/sign-update.ts adds it).
 */

export const SIGNATURE_FIELD = 'signatureEd25519';

/** What an artifact was released as; every field is signed. */
export interface SignedRelease {
  /** electron-updater's channel: `latest` (stable), `beta`, `alpha`. */
  channel: string;
  /** The feed's platform as electron-updater names feed files: `windows`, `mac`, `linux`, `linux-arm64`. */
  platform: string;
  /** The artifact's file name as the feed lists it (`files[].url`). */
  file: string;
  version: string;
  /** Base64 SHA-512 of the artifact's bytes. */
  sha512: string;
}

/**
 * The feed platform electron-updater reads on a machine (its Provider's channel file prefix):
 * `latest.yml` on Windows, `latest-mac.yml` on macOS, `latest-linux.yml` on x64 Linux and
 * `latest-linux-<arch>.yml` on other Linux architectures.
 */
export function feedPlatform(platform: string, arch: string): string {
  if (platform === 'linux') return arch === 'x64' ? 'linux' : `linux-${arch}`;
  return platform === 'darwin' ? 'mac' : 'windows';
}

/** What is signed: a fixed label (so the key signs nothing else by mistake), then each field. */
export function signedMessage(release: SignedRelease): Buffer {
  const { channel, platform, file, version, sha512 } = release;
  for (const value of [channel, platform, file, version, sha512]) {
    // A field cannot spill into the next: the message is one field per line.
    if (/[\r\n]/.test(value)) throw new Error('an update signature field cannot hold a line break');
  }
  return Buffer.from(
    `roomdeck-update-v2\nchannel ${channel}\nplatform ${platform}\nfile ${file}\nversion ${version}\nsha512 ${sha512}\n`,
    'utf8',
  );
}

/** Base64 SHA-512, the same encoding electron-builder uses in latest*.yml. */
export function sha512OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha512');
    createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('base64')));
  });
}

export function signUpdate(privateKey: KeyObject, release: SignedRelease): string {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the update signing key must be Ed25519');
  // Ed25519 hashes internally: no digest algorithm is named (null).
  return sign(null, signedMessage(release), privateKey).toString('base64');
}

/** True when any of the release keys signed exactly this release. */
export function verifyUpdate(
  publicKeys: readonly KeyObject[],
  release: SignedRelease,
  signature: string,
): boolean {
  const bytes = Buffer.from(signature, 'base64');
  // An Ed25519 signature is 64 bytes; anything else (or base64 that decodes to something else) is not one.
  if (bytes.length !== 64 || bytes.toString('base64') !== signature) return false;
  let message: Buffer;
  try {
    message = signedMessage(release);
  } catch {
    return false;
  }
  return publicKeys.some((key) => verify(null, message, key, bytes));
}

/** A version with a pre-release part (`2.1.0-beta.1`): never installed from the stable channel. */
export function isPrerelease(version: string): boolean {
  return /^\d+\.\d+\.\d+-/.test(version) || !/^\d+\.\d+\.\d+(\+.*)?$/.test(version);
}

/**
 * The release keys from PEM text: one or more `PUBLIC KEY` blocks (several while a key is being
 * rotated: the app trusts the old and the new one for a release or two). Anything but Ed25519 is
 * refused, so a misplaced RSA key cannot quietly weaken the check.
 */
export function parsePublicKeys(pem: string): KeyObject[] {
  const blocks = pem.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g) ?? [];
  if (blocks.length === 0) throw new Error('no PEM "PUBLIC KEY" block');
  return blocks.map((block) => {
    const key = createPublicKey(block);
    if (key.asymmetricKeyType !== 'ed25519') {
      throw new Error(`an update key must be Ed25519, not ${key.asymmetricKeyType}`);
    }
    return key;
  });
}
