import { describe, expect, it } from 'vitest';
import {
  ALL_ERROR_CODES,
  codesOfKind,
  ERROR_CATALOGUE,
  type ErrorKind,
  isErrorCode,
} from '../../contract/error-codes.ts';
import { BridgeError, LINK_CODES, linkStateOf, SESSION_CODES } from '../../contract/errors.ts';
import { auditCodes, readSources } from './code-audit.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const CATALOGUE_FILE = 'contract/error-codes.ts';
/** The simulator speaks the service's own codes on the wire and imports nothing of contract/. */
const SOURCES = ['contract', 'core', 'electron', 'host', 'renderer/src'];

/**
 * The other ROOMDECK_ names: the environment Roomdeck reads (README, "Configuration"). A new
 * ROOMDECK_ name in the sources is either a code (it goes in the catalogue) or belongs here.
 */
const ENVIRONMENT = [
  'ROOMDECK_CONFIG',
  'ROOMDECK_SERVER_URL',
  'ROOMDECK_CLIENT_ID',
  'ROOMDECK_CLIENT_SECRET',
  'ROOMDECK_SCOPE',
  'ROOMDECK_END_SESSION_URL',
  'ROOMDECK_SYSTEM_ID',
  'ROOMDECK_KIOSK',
  'ROOMDECK_HIDE_CURSOR',
  'ROOMDECK_SUPPORT_CONTACT',
  'ROOMDECK_DATA_DIR',
  'ROOMDECK_PORT',
  'ROOMDECK_ALLOW_INSECURE_VAULT',
  'ROOMDECK_REQUEST_TIMEOUT_MS',
  'ROOMDECK_TECHNICIAN_PIN',
  'ROOMDECK_TECHNICIAN_IDLE_S',
  'ROOMDECK_UPDATE_URL',
  'ROOMDECK_UPDATE_CHANNEL',
  'ROOMDECK_API',
  'ROOMDECK_LIVE',
  'ROOMDECK_LOCALE',
  'ROOMDECK_LANGUAGES',
  'ROOMDECK_CLOCK',
  'ROOMDECK_EMBEDDED_SIMULATOR_URL',
  'ROOMDECK_RENDERER_URL',
];

const KINDS: readonly ErrorKind[] = ['link', 'session', 'user', 'device', 'internal'];
const sources = readSources(ROOT, SOURCES);
const audit = auditCodes(sources, CATALOGUE_FILE, ALL_ERROR_CODES, ENVIRONMENT);

describe('the error catalogue', () => {
  it('reads the sources (an empty scan would pass everything)', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(sources.some((f) => f.path === CATALOGUE_FILE)).toBe(true);
  });

  it('holds every ROOMDECK_ code the sources use', () => {
    expect(audit.strays).toEqual([]);
  });

  it('has no entry that nothing uses', () => {
    expect(audit.unused).toEqual([]);
  });

  it('is the only place a code is written as a string: everyone else uses its constant', () => {
    expect(audit.literals).toEqual([]);
  });

  it('exempts only environment variables the sources still read', () => {
    expect(audit.staleEnvironment).toEqual([]);
  });

  it('gives every code a message a person can read and one of the kinds', () => {
    for (const code of ALL_ERROR_CODES) {
      const { kind, message } = ERROR_CATALOGUE[code];
      expect(KINDS, code).toContain(kind);
      expect(message.trim(), code).not.toBe('');
      expect(message, code).toMatch(/[.!?]$/);
      expect(code).toMatch(/^ROOMDECK_[A-Z_]+$/);
    }
  });

  it('tells its own codes from anything else', () => {
    expect(isErrorCode('ROOMDECK_OFFLINE')).toBe(true);
    for (const other of ['ROOMDECK_OFLINE', 'not_found', 'toString', '__proto__', 42, null]) {
      expect(isErrorCode(other), String(other)).toBe(false);
    }
  });
});

describe('the kinds and what the panel does with them', () => {
  it('derives the link and session codes from the kinds', () => {
    expect([...LINK_CODES].sort()).toEqual(
      ALL_ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].kind === 'link').sort(),
    );
    expect([...SESSION_CODES].sort()).toEqual(
      ALL_ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].kind === 'session').sort(),
    );
  });

  // Pinned: moving a code into or out of these kinds changes when every control goes stale or
  // the panel returns to sign-in, which must be a deliberate change, not a side effect.
  it('keeps the same codes ending the session and losing the link as before the catalogue', () => {
    expect([...SESSION_CODES].sort()).toEqual(['ROOMDECK_AUTH_REQUIRED', 'ROOMDECK_SESSION_ENDED']);
    expect([...LINK_CODES].sort()).toEqual([
      'ROOMDECK_BAD_RESPONSE',
      'ROOMDECK_BRIDGE_UNREACHABLE',
      'ROOMDECK_CREDENTIALS_REFUSED',
      // A press the service did not answer in time: the service is frozen or gone (added since).
      'ROOMDECK_EXEC_UNANSWERED',
      'ROOMDECK_OFFLINE',
      'ROOMDECK_SERVER_ERROR',
      'ROOMDECK_TIMEOUT',
    ]);
  });

  it('puts the link in a state for exactly the link codes', () => {
    for (const code of ALL_ERROR_CODES) {
      expect(linkStateOf(code) !== null, code).toBe(codesOfKind('link').includes(code as never));
    }
  });

  it('has a bridge error end the session or lose the link by its code’s kind', () => {
    for (const code of ALL_ERROR_CODES) {
      const error = new BridgeError({ code, message: 'x' });
      expect(error.endsSession, code).toBe(ERROR_CATALOGUE[code].kind === 'session');
      expect(error.isLinkLoss, code).toBe(ERROR_CATALOGUE[code].kind === 'link');
    }
  });
});

describe('the audit itself', () => {
  const catalogue = ['ROOMDECK_KNOWN'];
  const use = { path: 'core/a.ts', text: 'throw new RoomdeckError(ErrorCode.ROOMDECK_KNOWN);' };

  it('catches a code added in a source without a catalogue entry', () => {
    const added = { path: 'core/b.ts', text: "throw new Error('ROOMDECK_BRAND_NEW');" };
    expect(auditCodes([use, added], 'cat.ts', catalogue, []).strays).toEqual([
      'core/b.ts: ROOMDECK_BRAND_NEW',
    ]);
  });

  it('catches a catalogued code written as a string instead of the constant', () => {
    const raw = { path: 'renderer/src/x.ts', text: "if (code === 'ROOMDECK_KNOWN') return;" };
    expect(auditCodes([use, raw], 'cat.ts', catalogue, []).literals).toEqual([
      "renderer/src/x.ts: 'ROOMDECK_KNOWN'",
    ]);
  });

  it('catches an entry only the catalogue or a list of codes mentions', () => {
    const cat = { path: 'cat.ts', text: "ROOMDECK_KNOWN: { kind: 'user' }" };
    const list = {
      path: 'core/errors.ts',
      text: 'export const ERROR_CODES = [\n  ErrorCode.ROOMDECK_KNOWN,\n] as const;',
    };
    expect(auditCodes([cat, list], 'cat.ts', catalogue, []).unused).toEqual(['ROOMDECK_KNOWN']);
  });

  it('lets environment variables be, but not forgotten ones', () => {
    const env = { path: 'core/c.ts', text: 'const dir = env.ROOMDECK_DATA_DIR;' };
    const result = auditCodes([use, env], 'cat.ts', catalogue, ['ROOMDECK_DATA_DIR', 'ROOMDECK_GONE']);
    expect(result.strays).toEqual([]);
    expect(result.staleEnvironment).toEqual(['ROOMDECK_GONE']);
  });
});
