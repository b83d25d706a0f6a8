import { networkInterfaces, hostname as osHostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Host check that defeats DNS rebinding: a page on `evil.example` whose name later resolves to
 * 127.0.0.1 reaches this service with `Host: evil.example:PORT`, and is refused. Accepted: the loopback
 * names (127.0.0.1, localhost, [::1]) and the host the service was configured to bind, each with the
 * port the request arrived on (or none on port 80).
 */

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** The names a request may address this service by, given the host it was told to bind. */
export function ownHostNames(configuredHost: string | undefined, extra: readonly string[] = []): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, ...extra.map(bracketed)]);
  if (configuredHost === undefined) return names;
  if (WILDCARDS.has(configuredHost)) {
    // Bound to every interface: every address of this machine, and its name, are its own.
    names.add(osHostname().toLowerCase());
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) names.add(bracketed(info.address));
    }
  } else {
    names.add(bracketed(configuredHost));
  }
  return names;
}

function bracketed(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i;

export type HostVerdict = { ok: true } | { ok: false; status: 400 | 421; message: string };

export function checkHost(
  header: string | undefined,
  localPort: number | undefined,
  names: ReadonlySet<string>,
): HostVerdict {
  if (header === undefined || header === '') {
    return { ok: false, status: 400, message: 'the request has no Host header' };
  }
  const match = HOST_HEADER.exec(header);
  const name = match?.[1]?.toLowerCase();
  if (match === null || name === undefined) {
    return { ok: false, status: 400, message: `the Host header "${header}" is malformed` };
  }
  const port = match[2] === undefined ? 80 : Number(match[2]);
  const portOk = localPort === undefined || port === localPort;
  if (names.has(name) && portOk) return { ok: true };
  const example = localPort === undefined ? '127.0.0.1' : `127.0.0.1:${localPort}`;
  return {
    ok: false,
    status: 421,
    message: `this service does not answer to the name "${header}"; address it by its own name, e.g. http://${example}`,
  };
}

/** An onRequest hook answering 400/421 JSON (the control API's error shape) for a foreign Host. */
export function hostCheckHook(names: ReadonlySet<string>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = checkHost(request.headers.host, request.socket.localPort, names);
    if (verdict.ok) return;
    await reply
      .code(verdict.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ error: verdict.message, code: verdict.status === 421 ? 'misdirected_request' : 'bad_request' });
  };
}
