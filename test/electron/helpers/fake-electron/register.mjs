// `node --import ./register.mjs dist/electron/main.js`: every `import … from 'electron'` of the
// compiled main process gets the recording stand-in (electron.mjs) instead of the real package,
// which would try to download Electron. See test/electron/compiled-main.test.ts.
import { register } from 'node:module';

register('./loader.mjs', import.meta.url);
