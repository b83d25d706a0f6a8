import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/**
 * Raw HTTP for the simulator attacks: requests from a chosen loopback source address, and a burst
 * written down one connection at once (HTTP/1.1 pipelining), so the server has every request in hand
 * before it answers any and takes them in the order written, without the test timing anything.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** One request over its own connection, sent from `localAddress` (any of 127.0.0.0/8 works on Linux). */
export function sendFrom(base: string, localAddress: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path, base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        localAddress,
        agent: false,
        headers: {
          ...req.headers,
          ...(req.body === undefined ? {} : { 'content-length': Buffer.byteLength(req.body) }),
        },
        timeout: 30_000,
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          body += chunk;
        });
        incoming.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: incoming.statusCode ?? 0, headers, body });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${req.method} ${req.path}: no answer in 30 s`)));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

function serialise(host: string, req: RawRequest): string {
  const body = req.body ?? '';
  const headers = { host, ...req.headers, 'content-length': String(Buffer.byteLength(body)) };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${req.method} ${req.path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Parses as many complete responses as `buffer` holds (the simulator always sends Content-Length). */
function parseResponses(buffer: Buffer): { responses: RawResponse[]; rest: Buffer } {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n', offset);
    if (end < 0) break;
    const head = buffer.subarray(offset, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1]);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length']);
    if (!Number.isSafeInteger(length)) throw new Error(`a response without Content-Length: ${head[0]}`);
    if (buffer.length < end + 4 + length) break;
    responses.push({ status, headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
    offset = end + 4 + length;
  }
  return { responses, rest: buffer.subarray(offset) };
}

/** Writes every request down one connection in a single write and collects the answers, in order. */
export function pipelined(base: string, requests: RawRequest[]): Promise<RawResponse[]> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const answers: RawResponse[] = [];
    let pending: Buffer = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`only ${answers.length} of ${requests.length} answers within 60 s`));
    }, 60_000);
    socket.on('connect', () => socket.write(requests.map((r) => serialise(url.host, r)).join('')));
    socket.on('data', (chunk: Buffer) => {
      try {
        const parsed = parseResponses(Buffer.concat([pending, chunk]));
        answers.push(...parsed.responses);
        pending = parsed.rest;
      } catch (error) {
        socket.destroy();
        reject(error);
        return;
      }
      if (answers.length === requests.length) {
        clearTimeout(timer);
        socket.end();
        resolve(answers);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (answers.length < requests.length)
        reject(new Error(`connection closed after ${answers.length} of ${requests.length} answers`));
    });
  });
}

/** How many answers had each status, e.g. `{ 400: 6, 429: 34 }`. */
export function tally(responses: readonly { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
