// `npm run dist` (after `npm run build`): the installers, with signing decided by the environment.
// macOS: fuses are flipped after packing, which breaks Electron's own signature; an unsigned arm64 app
// will not launch at all. So with no identity configured the app is signed ad hoc (identity "-"),
// and with one (CSC_LINK / CSC_NAME) it is signed for real and notarized when Apple's credentials
// are present (APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID +
// APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID). Windows signs when CSC_LINK / WIN_CSC_LINK is set.
import { spawnSync } from 'node:child_process';
import { macSigningArgs } from './signing.ts';

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
process.exit(result.status ?? 1);
