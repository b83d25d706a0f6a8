import { parseArgs } from 'node:util';
import { demoAccounts } from './auth/index.ts';
import { startSimulator } from './server.ts';

const USAGE = `Usage: npm run simulator -- [--port 8080] [--host 127.0.0.1] [--host-name NAME]… [--data FILE] [--token-ttl SECONDS] [--refresh-reuse SECONDS]
                             [--latency MS] [--exec-timeout MS] [--systems N] [--no-control-websocket]`;

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'host-name': { type: 'string', multiple: true },
      data: { type: 'string' },
      'token-ttl': { type: 'string' },
      'refresh-reuse': { type: 'string' },
      latency: { type: 'string' },
      'exec-timeout': { type: 'string' },
      systems: { type: 'string' },
      // A deployment whose gateway carries no websockets: upgrades answered 503, clients poll.
      'no-control-websocket': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const running = await startSimulator({
    port: integer('port', values.port, 0, 65535) ?? 8080,
    host: values.host ?? '127.0.0.1',
    hostNames: values['host-name'] ?? [],
    dataFile: values.data,
    tokenTtlSeconds: integer('token-ttl', values['token-ttl'], 1, 10 * 365 * 86400),
    refreshReuseSeconds: integer('refresh-reuse', values['refresh-reuse'], 0, 86_400),
    latencyMs: integer('latency', values.latency, 0, 600_000),
    execTimeoutMs: integer('exec-timeout', values['exec-timeout'], 1, 600_000),
    extraSystems: integer('systems', values.systems, 0, 1_000_000),
    ...(values['no-control-websocket'] ? { realtime: { refuseSockets: true } } : {}),
  });
  console.log(`Control Service simulator listening on ${running.url}`);
  console.log('Demo accounts (authority "demo", password "demo" for each):');
  for (const user of demoAccounts.users) console.log(`  ${user.username.padEnd(20)} ${user.role}`);
  console.log('OAuth clients:');
  for (const client of demoAccounts.clients) {
    const kind = client.secretHash
      ? 'confidential'
      : client.grants.includes('implicit')
        ? 'public, implicit'
        : 'public, PKCE';
    console.log(`  ${client.id.padEnd(20)} ${kind}; redirect ${client.redirectUris.join(', ')}`);
  }
  console.log('  (roomdeck-ci secret: roomdeck-ci-secret)');
  if (values.data) console.log(`Data file: ${values.data}`);
  if (values['no-control-websocket'])
    console.log('Control websocket: off (upgrades answered 503; clients poll the REST API)');
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`simulator: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(2);
});
