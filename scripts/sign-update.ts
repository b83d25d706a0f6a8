// Roomdeck's update signing (core/update/signature.ts), the release side.
//
//   npm run update-key -- <private key path>
//       Makes an Ed25519 key pair: the private key at <path> (0600; refused inside this repository
//       and never overwritten), the public key into resources/update-public-key.pem, which ships
//       with the app (not overwritten either: to rotate, add a second PUBLIC KEY block by hand, ship
//       that, sign with the new key, and drop the old block once every panel has the new release).
//       Commit the public key; keep the private one offline or in the CI's secrets.
//   npm run sign-update [-- <release dir>]
//       Signs every latest*.yml (and beta/alpha) in the release folder (default release/) with the
//       private key named by ROOMDECK_UPDATE_SIGNING_KEY (a path). `npm run dist` runs this itself
//       when that variable is set. Then copy the folder's installers, blockmaps and *.yml to the feed.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isInsideFolder } from './path-inside.ts';
import { generateUpdateKeyPair, readPrivateKey, readPublicKeys, signFeed } from './update-signing.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The key the app ships (ROOMDECK_UPDATE_PUBLIC_KEY_FILE names another, for tests and forks). */
const publicKeyFile =
  process.env.ROOMDECK_UPDATE_PUBLIC_KEY_FILE || path.join(root, 'resources', 'update-public-key.pem');

function fail(message: string): never {
  console.error(`sign-update: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  if (command === 'keygen') {
    if (arg === undefined)
      fail('keygen needs the path to write the private key to (outside this repository)');
    const privatePath = path.resolve(arg);
    let inRepo: boolean;
    try {
      inRepo = isInsideFolder(root, privatePath);
    } catch {
      fail(`${path.dirname(privatePath)} does not exist: make the folder for the private key first`);
    }
    if (inRepo) fail(`${privatePath} is inside the repository: the private key must never be committed`);
    for (const file of [privatePath, publicKeyFile]) {
      if (existsSync(file)) fail(`${file} exists: not overwritten`);
    }
    const pair = generateUpdateKeyPair();
    writeFileSync(privatePath, pair.privatePem, { mode: 0o600, flag: 'wx' });
    writeFileSync(publicKeyFile, pair.publicPem);
    console.log(`sign-update: private key ${privatePath} (keep it secret), public key ${publicKeyFile}`);
    return;
  }
  if (command === 'sign') {
    const keyPath = process.env.ROOMDECK_UPDATE_SIGNING_KEY ?? '';
    if (keyPath === '') fail('set ROOMDECK_UPDATE_SIGNING_KEY to the private key file');
    const dir = path.resolve(arg ?? path.join(root, 'release'));
    const signed = await signFeed({
      dir,
      privateKey: readPrivateKey(keyPath),
      publicKeys: readPublicKeys(publicKeyFile),
    });
    for (const { feedFile, file } of signed) console.log(`sign-update: ${feedFile}: signed ${file}`);
    return;
  }
  fail('usage: sign-update.ts keygen <private key path> | sign [release dir]');
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
