// `npm run dist` (after `npm run build`): the installers, with signing decided by the environment.
// macOS: fuses are flipped after packing, which breaks Electron's own signature; an unsigned arm64 app
// will not launch at all. So with no identity configured the app is signed ad hoc (identity "-"),
// and with one (CSC_LINK / CSC_NAME) it is signed for real and notarized when Apple's credentials
// are present (APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID +
// APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID). Windows signs when CSC_LINK / WIN_CSC_LINK is set
// (and electron-builder then writes the certificate's publisher into app-update.yml, which
// electron-updater checks the next installer against).
// Updates: a build must carry the release's public key (resources/update-public-key.pem), or no
// panel could ever take an update from it; with ROOMDECK_UPDATE_SIGNING_KEY (the private key's path)
// the feed files are signed here too, otherwise `npm run sign-update` does it afterwards.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { macSigningArgs } from './signing.ts';
import { readPrivateKey, readPublicKeys, signFeed } from './update-signing.ts';

const root = path.resolve(import.meta.dirname, '..');
const publicKeyFile = path.join(root, 'resources', 'update-public-key.pem');
let publicKeys: ReturnType<typeof readPublicKeys>;
try {
  publicKeys = readPublicKeys(publicKeyFile);
} catch (err) {
  console.error(
    `dist: no usable update key (${(err as Error).message}): panels would refuse every update of this build.\n` +
      'Make one with `npm run update-key -- <private key path outside the repo>` and commit the public key.',
  );
  process.exit(1);
}

const args = [
  'electron-builder',
  '--config',
  'electron-builder.yml',
  '--publish',
  'never',
  ...process.argv.slice(2),
];
args.push(...macSigningArgs(process.env));
console.log(`dist: npx ${args.join(' ')}`);
const result = spawnSync('npx', args, { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);

const signingKey = process.env.ROOMDECK_UPDATE_SIGNING_KEY ?? '';
if (signingKey === '') {
  console.warn(
    'dist: release/*.yml are NOT signed for updates: run `npm run sign-update` with ROOMDECK_UPDATE_SIGNING_KEY',
  );
} else {
  const signed = await signFeed({
    dir: path.join(root, 'release'),
    privateKey: readPrivateKey(signingKey),
    publicKeys,
  });
  for (const { feedFile, file } of signed) console.log(`dist: ${feedFile}: signed ${file}`);
}
