import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import electronLog from 'electron-log/node';
import { redact, redactText } from './redact.ts';

/**
 * Roomdeck's log: one JSON object per line in `<data dir>/logs/roomdeck.log`, rotated by size
 * (roomdeck.1.log … roomdeck.N.log), every entry passed through `redact` first. The Electron app
 * and the browser host write the same file format through the same code (electron-log's Node
 * entry, which needs no Electron). The last lines are also kept in memory for diagnostics.
 */

export type LogLevel = 'info' | 'warn' | 'error';

export interface Log {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  /** The newest entries, oldest first, as the JSON lines written. */
  recent(limit?: number): string[];
  readonly file: string | null;
}

export interface FileLogOptions {
  dir: string;
  /** Rotate when the file passes this size (default 1 MiB). */
  maxBytes?: number;
  /** Rotated files kept besides the live one (default 5). */
  keep?: number;
  /** Entries kept in memory for diagnostics (default 500). */
  memory?: number;
  /** Also print to stderr (the browser host's console). */
  console?: boolean;
  now?: () => Date;
}

let instances = 0;

export function createFileLog(options: FileLogOptions): Log {
  const file = path.join(options.dir, 'roomdeck.log');
  const keep = options.keep ?? 5;
  const memory = options.memory ?? 500;
  const now = options.now ?? (() => new Date());
  const ring: string[] = [];
  instances += 1;
  const logger = electronLog.create({ logId: `roomdeck-${instances}` });
  logger.transports.console.level = options.console === true ? 'info' : false;
  logger.transports.file.level = 'info';
  logger.transports.file.resolvePathFn = () => file;
  logger.transports.file.maxSize = options.maxBytes ?? 1024 * 1024;
  logger.transports.file.format = ({ data }) => [String(data[0])];
  // electron-log keeps one old file; a technician wants more than the last megabyte.
  logger.transports.file.archiveLogFn = (old) => {
    const base = old.path.replace(/\.log$/, '');
    rmSync(`${base}.${keep}.log`, { force: true });
    for (let n = keep - 1; n >= 1; n -= 1) {
      if (existsSync(`${base}.${n}.log`)) renameSync(`${base}.${n}.log`, `${base}.${n + 1}.log`);
    }
    renameSync(old.path, `${base}.1.log`);
  };

  const write = (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
    const entry = {
      time: now().toISOString(),
      level,
      event: redactText(event),
      ...(redact(fields) as object),
    };
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = JSON.stringify({ time: entry.time, level, event: entry.event, note: 'fields not serialisable' });
    }
    ring.push(line);
    if (ring.length > memory) ring.splice(0, ring.length - memory);
    logger[level](line);
  };

  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
    recent: (limit = memory) => ring.slice(-limit),
    file,
  };
}

/** A log that keeps entries in memory only (tests, and before the data directory is known). */
export function createMemoryLog(memory = 500): Log {
  const ring: string[] = [];
  const write = (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
    ring.push(
      JSON.stringify({
        time: new Date().toISOString(),
        level,
        event: redactText(event),
        ...(redact(fields) as object),
      }),
    );
    if (ring.length > memory) ring.splice(0, ring.length - memory);
  };
  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
    recent: (limit = memory) => ring.slice(-limit),
    file: null,
  };
}
