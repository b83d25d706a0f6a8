import type { Env } from './defaults.ts';
import type { Layer, Reading } from './layers.ts';
import { parseValue, type TextSetting } from './text-values.ts';

/** The settings environment variables may give (service managers and installers set these). */
const ENV: Readonly<Record<string, TextSetting>> = {
  ROOMDECK_CONFIG: { key: 'configFile', takes: 'string' },
  ROOMDECK_SERVER_URL: { key: 'serverUrl', takes: 'string' },
  ROOMDECK_CLIENT_ID: { key: 'clientId', takes: 'string' },
  ROOMDECK_CLIENT_SECRET: { key: 'clientSecret', takes: 'string' },
  ROOMDECK_SCOPE: { key: 'scope', takes: 'string' },
  ROOMDECK_END_SESSION_URL: { key: 'endSessionUrl', takes: 'string' },
  ROOMDECK_SYSTEM_ID: { key: 'systemId', takes: 'string' },
  ROOMDECK_KIOSK: { key: 'kiosk', takes: 'boolean' },
  ROOMDECK_HIDE_CURSOR: { key: 'hideCursor', takes: 'boolean' },
  ROOMDECK_SUPPORT_CONTACT: { key: 'supportContact', takes: 'string' },
  ROOMDECK_DATA_DIR: { key: 'dataDir', takes: 'string' },
  ROOMDECK_PORT: { key: 'host.port', takes: 'integer' },
  ROOMDECK_ALLOW_INSECURE_VAULT: { key: 'allowInsecureVault', takes: 'boolean' },
  ROOMDECK_REQUEST_TIMEOUT_MS: { key: 'requestTimeoutMs', takes: 'integer' },
  ROOMDECK_TECHNICIAN_PIN: { key: 'technicianPin', takes: 'string' },
  ROOMDECK_TECHNICIAN_IDLE_S: { key: 'technicianIdleS', takes: 'integer' },
  ROOMDECK_UPDATE_URL: { key: 'updates.url', takes: 'string' },
  ROOMDECK_UPDATE_CHANNEL: { key: 'updates.channel', takes: 'string' },
  ROOMDECK_LIVE: { key: 'service.live', takes: 'string' },
  ROOMDECK_API: { key: 'service.api', takes: 'string' },
  ROOMDECK_LOCALE: { key: 'panel.locale', takes: 'string' },
  ROOMDECK_LANGUAGES: { key: 'panel.languages', takes: 'list' },
  ROOMDECK_CLOCK: { key: 'panel.clock', takes: 'string' },
};

export function readEnv(env: Env): Reading {
  const layer: Layer = new Map();
  const problems: Reading['problems'] = [];
  for (const [name, setting] of Object.entries(ENV)) {
    const raw = env[name];
    // An empty variable is how shells and service managers say "unset".
    if (raw === undefined || raw === '') continue;
    const source = `environment variable ${name}`;
    const parsed = parseValue(setting, raw);
    if ('error' in parsed) problems.push({ key: setting.key, source, message: parsed.error });
    else layer.set(setting.key, { value: parsed.value, source });
  }
  return { layer, problems };
}
