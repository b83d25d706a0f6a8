import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { hashPin, PIN_PATTERN, PIN_RULE } from '../core/technician/pin.ts';

/**
 * `npm run pin-hash`: prints the salted hash of a technician PIN for the managed configuration's
 * `technicianPin`. The PIN is read from standard input (typed twice, hidden, on a terminal; one
 * line when piped), never from the command line, where other users and the shell history see it.
 */

async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0]?.trim() ?? '';
}

/** One line from the terminal, echoing a dot per digit. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let pin = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(pin);
    };
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') {
          if (pin.length > 0) {
            pin = pin.slice(0, -1);
            process.stderr.write('\b \b');
          }
        } else {
          pin += char;
          process.stderr.write('•');
        }
      }
      return undefined;
    };
    stdin.on('data', onData);
  });
}

export async function main(): Promise<number> {
  let pin: string;
  if (process.stdin.isTTY) {
    pin = await readHidden('Technician PIN (4 to 12 digits): ');
    const again = await readHidden('The same PIN again: ');
    if (again !== pin) {
      console.error('The two PINs differ. Run `npm run pin-hash` again.');
      return 1;
    }
  } else {
    pin = await readPiped();
  }
  if (!PIN_PATTERN.test(pin)) {
    console.error(`That is not a PIN Roomdeck takes: ${PIN_RULE}. Nothing was printed.`);
    return 1;
  }
  const hash = await hashPin(pin);
  console.log(hash);
  console.error(
    'Put it in the managed configuration as "technicianPin" (a file readable by its owner only: chmod 600).',
  );
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  });
}
