import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * Roomdeck's own update signature, checked on every platform before an update is installed
 * (electron-updater checks only a SHA-512 the feed itself claims, and Authenticode on Windows when
 * the build was code-signed). The release key signs, with Ed25519, a short message naming the
 * version and the SHA-512 of the artifact's bytes; the public half ships with the app.
 *
 * The version is part of what is signed so that an older signed artifact (with its old bugs)
 * cannot be served again under a newer version number: a rollback needs the key too.
 *
 * The signature sits in the feed's latest*.yml, beside the SHA-512 electron-builder writes for each
 * file: `files[].signatureEd25519`, base64 (scripts/sign-update.ts adds it).
 */

export const SIGNATURE_FIELD = 'signatureEd25519';

/** What is signed: a fixed label (so the key signs nothing else by mistake), the version, the digest. */
export function signedMessage(version: string, sha512: string): Buffer {
  return Buffer.from(`roomdeck-update-v1\n${version}\n${sha512}\n`, 'utf8');
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

export function signUpdate(privateKey: KeyObject, version: string, sha512: string): string {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the update signing key must be Ed25519');
  // Ed25519 hashes internally: no digest algorithm is named (null).
  return sign(null, signedMessage(version, sha512), privateKey).toString('base64');
}

/** True when any of the release keys signed this version and digest. */
export function verifyUpdate(
  publicKeys: readonly KeyObject[],
  version: string,
  sha512: string,
  signature: string,
): boolean {
  const bytes = Buffer.from(signature, 'base64');
  // An Ed25519 signature is 64 bytes; anything else (or base64 that decodes to something else) is not one.
  if (bytes.length !== 64 || bytes.toString('base64') !== signature) return false;
  const message = signedMessage(version, sha512);
  return publicKeys.some((key) => verify(null, message, key, bytes));
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
