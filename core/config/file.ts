import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { PanelTimers, PollSettings } from '../../contract/config.ts';
import { dotted, layerOfRecord, type Reading } from './layers.ts';
import type { ConfigProblem } from './problems.ts';
import { ResolvedConfig } from './schema.ts';

/**
 * A configuration file (IT's machine-wide one, or the user's) read from its text: every problem
 * names the key and the line it stands on, as an installer's editor shows it. A file holding a
 * secret must be readable by its owner only.
 */

/** What a config file may set: any part of the configuration except what Roomdeck decides itself. */
const FileConfig = Type.Object(
  {
    serverUrl: Type.Optional(ResolvedConfig.properties.serverUrl),
    clientId: Type.Optional(ResolvedConfig.properties.clientId),
    clientSecret: Type.Optional(Type.String({ minLength: 1 })),
    scope: Type.Optional(ResolvedConfig.properties.scope),
    serviceAccount: Type.Optional(
      Type.Object(
        {
          username: Type.String({ minLength: 1 }),
          password: Type.String({ minLength: 1 }),
          authority: Type.Optional(Type.String({ minLength: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
    systemId: Type.Optional(ResolvedConfig.properties.systemId),
    kiosk: Type.Optional(Type.Boolean()),
    technicianPin: Type.Optional(Type.String({ minLength: 1 })),
    technicianIdleS: Type.Optional(ResolvedConfig.properties.technicianIdleS),
    hideCursor: Type.Optional(Type.Boolean()),
    supportContact: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    poll: Type.Optional(Type.Partial(PollSettings, { additionalProperties: false })),
    // The language settings are checked by language.ts, so their words name the values Roomdeck takes.
    panel: Type.Optional(
      Type.Object(
        {
          ...Type.Partial(PanelTimers).properties,
          locale: Type.Optional(Type.Unknown()),
          languages: Type.Optional(Type.Unknown()),
          clock: Type.Optional(Type.Unknown()),
        },
        { additionalProperties: false },
      ),
    ),
    allowInsecureVault: Type.Optional(Type.Boolean()),
    dataDir: Type.Optional(Type.String({ minLength: 1 })),
    requestTimeoutMs: Type.Optional(ResolvedConfig.properties.requestTimeoutMs),
    host: Type.Optional(Type.Partial(ResolvedConfig.properties.host, { additionalProperties: false })),
    // Checked by resolve.ts (checkService, checkLive), so its words name the values Roomdeck takes.
    service: Type.Optional(
      Type.Object(
        { api: Type.Optional(Type.Unknown()), live: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    updates: Type.Optional(
      Type.Object(
        { url: Type.Optional(Type.String({ minLength: 1 })), channel: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** Settings that are credentials: a file holding one must not be readable by other users. */
const SECRET_SETTINGS = [['clientSecret'], ['serviceAccount', 'password'], ['technicianPin']] as const;

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line a JSON pointer's value stands on; a missing or unexpected key: its nearest enclosing value. */
function lineAt(tree: Node, text: string, pointer: string): number {
  const location = pointer
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  let node = findNodeAtLocation(tree, location);
  while (node === undefined && location.length > 0) {
    location.pop();
    node = findNodeAtLocation(tree, location);
  }
  const offset = node?.parent?.type === 'property' ? node.parent.offset : (node?.offset ?? 0);
  return lineOf(text, offset);
}

/** `mode`: the file's POSIX permission bits, null where they mean nothing (Windows). */
export function readConfigFile(file: string, text: string, mode: number | null, label: string): Reading {
  const layer = new Map();
  const problems: ConfigProblem[] = [];
  const source = `${label} ${file}`;
  const syntax: ParseError[] = [];
  const tree = parseTree(text, syntax, { allowTrailingComma: false, disallowComments: true });
  const first = syntax[0];
  if (first !== undefined || tree === undefined) {
    const line = first === undefined ? 1 : lineOf(text, first.offset);
    const what = first === undefined ? 'is empty' : `is not valid JSON (${printParseErrorCode(first.error)})`;
    problems.push({ key: '(file)', source: `${source} line ${line}`, message: what });
    return { layer, problems };
  }
  const data: unknown = JSON.parse(text);
  const at = (pointer: string): string => `${source} line ${lineAt(tree, text, pointer)}`;
  const seen = new Set<string>();
  for (const error of Value.Errors(FileConfig, data)) {
    const key = dotted(error.path) || '(file)';
    if (seen.has(key)) continue;
    seen.add(key);
    const message =
      error.message === 'Unexpected property' ? 'is not a setting Roomdeck knows' : error.message;
    problems.push({ key, source: at(error.path), message });
  }
  if (problems.length > 0) return { layer, problems };
  const record = data as Record<string, unknown>;
  if (mode !== null && (mode & 0o077) !== 0) {
    for (const keys of SECRET_SETTINGS) {
      let value: unknown = record;
      for (const k of keys) value = (value as Record<string, unknown> | undefined)?.[k];
      if (value === undefined) continue;
      problems.push({
        key: keys.join('.'),
        source: at(`/${keys.join('/')}`),
        message: `is a secret, but the file can be read by other users (mode ${(mode & 0o777).toString(8)}): make it readable by its owner only (chmod 600), or provision the secret into the vault`,
      });
    }
    if (problems.length > 0) return { layer, problems };
  }
  return { layer: layerOfRecord(record, at), problems };
}
