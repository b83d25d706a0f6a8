import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The log secrecy check every e2e stack runs when it stops: each log file the browser host wrote is
 * searched for credentials. Tokens are found without knowing them: the simulator keeps the SHA-256
 * of every token it issued (its data file), so every token-shaped word in a log is hashed and looked
 * up. Passwords, client secrets and PINs the tests used are searched for as fields and parameters.
 */

/** 32 random bytes in base64url, as the simulator issues tokens; longer runs are checked too. */
const TOKEN_SHAPED = /[A-Za-z0-9_-]{40,}/g;
const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

function logFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'logs');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => path.join(dir, file));
}

/** Every problem found, each naming the file; empty when the logs hold no credential. */
export function credentialsInLogs(options: {
  dataDir: string;
  simulatorDataFile: string;
  /** Literal secrets the test used (client secrets, PINs, distinctive passwords). */
  secrets?: readonly string[];
}): string[] {
  const issued = new Set(
    existsSync(options.simulatorDataFile)
      ? [...readFileSync(options.simulatorDataFile, 'utf8').matchAll(/"hash"\s*:\s*"([^"]+)"/g)].map(
          (m) => m[1],
        )
      : [],
  );
  const problems: string[] = [];
  for (const file of logFiles(options.dataDir)) {
    const text = readFileSync(file, 'utf8');
    for (const [word] of text.matchAll(TOKEN_SHAPED)) {
      if (issued.has(hash(word)))
        problems.push(`${file}: holds a token the service issued (${word.slice(0, 6)}…)`);
    }
    for (const secret of options.secrets ?? []) {
      if (text.includes(secret)) problems.push(`${file}: holds the secret ${secret.slice(0, 3)}…`);
    }
    // The demo password is the common word "demo": caught where it is a value.
    const password =
      /"(?:password|client_secret|pin)"\s*:\s*"(?!\[redacted\])[^"]+"|(?:password|client_secret|pin)=(?!\[redacted\])[^&\s"]+/i.exec(
        text,
      );
    if (password) problems.push(`${file}: holds a credential field (${password[0].slice(0, 12)}…)`);
  }
  return problems;
}

/** Throws with every problem when a log holds a credential. */
export function assertNoCredentialsInLogs(options: Parameters<typeof credentialsInLogs>[0]): void {
  const problems = credentialsInLogs(options);
  if (problems.length > 0) throw new Error(`Credentials found in logs:\n${problems.join('\n')}`);
}
