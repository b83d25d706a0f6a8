// Every build starts from an empty dist/: files of earlier builds (renamed or deleted sources) must
// never reach an installer.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
