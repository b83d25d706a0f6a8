import type { UserRole } from '../auth/index.ts';
import { type Binding, BindingRegistry, bindingKey, changeFor } from './bindings.ts';
import {
  debugFrame,
  errorFrame,
  execSuccessFrame,
  type Meta,
  metaOf,
  notifyFrame,
  parseFrame,
  type Request,
  type RequestId,
  successFrame,
  WS_ERROR,
} from './protocol.ts';
import type { SocketCredential } from './socket-life.ts';
import { execError, isSupport, type LiveSource, type Resolved } from './source.ts';

/** The socket as a session uses it: the ws library's WebSocket fits. */
export interface FrameSink {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** Who opened the socket, and the credential its life is bound to (socket-life.ts). */
export interface Caller extends SocketCredential {
  role: UserRole;
}

/** A module's debug stream on this socket: its state changes as log lines. */
interface DebugStream {
  id: RequestId;
  meta: Meta;
  /** Status key → its JSON when last seen. */
  seen: Map<string, string>;
  /** Set when the request named the module by its id (current generation) rather than Class + index. */
  moduleId?: string;
}

/** Reads each (sys, mod, index) at most once per pass over the bindings. */
export type Reader = (sys: string, mod: string, index: number) => Resolved | null;

/** D13: a text frame over this many bytes closes the socket with 1009 (the ws server enforces it). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** Frames one socket may have waiting for their answers. */
export const DEFAULT_MAX_PENDING = 256;

/**
 * One socket: its frames answered in arrival order (D12), its bindings and debug streams, and the
 * notifies the hub asks it to check.
 */
export class Session {
  readonly bindings: BindingRegistry;
  readonly #debug = new Map<string, DebugStream>();
  #queue: Promise<void> = Promise.resolve();
  /** Frames received and not yet answered (an exec to a hung device holds the ones behind it). */
  #pending = 0;
  #open = true;

  constructor(
    private readonly socket: FrameSink,
    private readonly source: LiveSource,
    readonly caller: Caller,
    maxBindings: number,
    private readonly maxPending: number = DEFAULT_MAX_PENDING,
  ) {
    this.bindings = new BindingRegistry(maxBindings);
  }

  get open(): boolean {
    return this.#open;
  }

  /** A text frame from the client; queued behind the ones before it. */
  receive(text: string): void {
    // A client that outpaces its answers is refused at once rather than queued without end.
    if (this.#pending >= this.maxPending) {
      const parsed = parseFrame(text);
      const id = parsed.kind === 'request' ? parsed.request.id : parsed.kind === 'error' ? parsed.id : null;
      const msg = `too many requests waiting on this socket (at most ${this.maxPending})`;
      this.#send(errorFrame(id, WS_ERROR.requestFailed, msg));
      return;
    }
    this.#pending += 1;
    this.#queue = this.#queue
      .then(() => this.#handle(text))
      .catch(() => {
        this.#send(errorFrame(null, WS_ERROR.unexpectedFailure, 'the server failed to handle the frame'));
      })
      .finally(() => {
        this.#pending -= 1;
      });
  }

  /** The socket is gone: drop every binding and debug stream (realtime.md §4.6). */
  closed(): void {
    this.#open = false;
    this.bindings.clear();
    this.#debug.clear();
  }

  close(code: number, reason: string): void {
    if (!this.#open) return;
    this.socket.close(code, reason);
    this.closed();
  }

  sendText(text: string): void {
    if (this.#open) this.socket.send(text);
  }

  /** Sends what changed for this socket since the last check. */
  check(read: Reader): void {
    for (const binding of this.bindings.values()) {
      const { sys, mod, index, name } = binding.meta;
      const resolved = read(sys, mod, index);
      // D9: a module that is not there sends nothing; its binding waits for it.
      if (resolved === null) continue;
      const value = Object.hasOwn(resolved.state, name) ? resolved.state[name] : undefined;
      const json = changeFor(binding, value);
      if (json === null) continue;
      binding.last = json;
      this.#send(notifyFrame(binding.id, binding.meta, value === undefined ? null : value));
    }
    for (const stream of this.#debug.values()) {
      const { sys, mod, index } = stream.meta;
      const resolved =
        stream.moduleId === undefined
          ? read(sys, mod, index)
          : this.source.resolveModule(sys, stream.moduleId);
      if (resolved === null) continue;
      for (const [key, value] of Object.entries(resolved.state)) {
        const json = JSON.stringify(value) ?? 'null';
        if (stream.seen.get(key) === json) continue;
        stream.seen.set(key, json);
        this.#send(
          debugFrame(
            stream.id,
            stream.meta,
            resolved.moduleId,
            resolved.klass,
            'debug',
            `status ${key} = ${json}`,
          ),
        );
      }
    }
  }

  #send(frame: unknown): void {
    this.sendText(JSON.stringify(frame));
  }

  async #handle(text: string): Promise<void> {
    const parsed = parseFrame(text);
    switch (parsed.kind) {
      case 'ping':
        return this.sendText('pong');
      case 'pong':
        return;
      case 'error':
        return this.#send(errorFrame(parsed.id, parsed.code, parsed.msg));
      case 'request':
        return this.#request(parsed.request);
    }
  }

  async #request(request: Request): Promise<void> {
    const { id } = request;
    const support = isSupport(this.caller.role);
    if (request.mod.startsWith('_') && !support) {
      return this.#send(
        errorFrame(id, WS_ERROR.accessDenied, `${request.mod} needs the support or admin role`),
      );
    }
    switch (request.cmd) {
      case 'bind':
        return this.#bind(request);
      case 'unbind':
        this.bindings.remove(metaOf(request));
        return this.#send(successFrame(id));
      case 'exec':
        return this.#exec(request);
      case 'debug':
        if (!support)
          return this.#send(errorFrame(id, WS_ERROR.accessDenied, 'debug needs the support or admin role'));
        return this.#attach(request);
      case 'ignore':
        if (!support)
          return this.#send(errorFrame(id, WS_ERROR.accessDenied, 'ignore needs the support or admin role'));
        this.#debug.delete(bindingKey({ ...request, name: '' }));
        return this.#send(successFrame(id));
    }
  }

  #bind(request: Request) {
    const { id, sys } = request;
    const meta = metaOf(request);
    if (!this.source.hasSystem(sys)) {
      return this.#send(errorFrame(id, WS_ERROR.systemNotFound, `could not find system ${sys}`));
    }
    // D7: a repeat bind is answered, not subscribed twice, and its value is not sent again.
    if (this.bindings.get(meta)) return this.#send(successFrame(id, meta));
    const resolved = this.source.resolve(sys, request.mod, request.index);
    const value =
      resolved !== null && Object.hasOwn(resolved.state, request.name)
        ? resolved.state[request.name]
        : undefined;
    const binding: Binding = { id, meta, last: value === undefined ? undefined : JSON.stringify(value) };
    if (!this.bindings.add(binding)) {
      return this.#send(
        errorFrame(
          id,
          WS_ERROR.requestFailed,
          `too many bindings on this socket (at most ${this.bindings.limit}); unbind some first`,
        ),
      );
    }
    // D6: success first, then the current value when the status exists.
    this.#send(successFrame(id, meta));
    if (value !== undefined && value !== null) this.#send(notifyFrame(id, meta, value));
  }

  async #exec(request: Request): Promise<void> {
    const { id, sys, mod, index, name, args } = request;
    if (!this.source.hasSystem(sys)) {
      return this.#send(errorFrame(id, WS_ERROR.systemNotFound, `could not find system ${sys}`));
    }
    try {
      const value = await this.source.exec(sys, mod, index, name, args, this.caller.role);
      this.#send(execSuccessFrame(id, metaOf(request), value));
    } catch (error) {
      const { code, msg } = execError(error);
      this.#send(errorFrame(id, code, msg));
    }
  }

  /**
   * `mod` is a module's class with `index` (legacy, and Roomdeck's own client) or, as the current
   * server reads a debug request, the module's id (realtime.md §3.1 `mod`, §4.4): both are accepted,
   * on both routes (D1); an id must name a module of `sys`.
   */
  #attach(request: Request) {
    const { id, sys, mod, index } = request;
    const byName = this.source.resolve(sys, mod, index);
    const resolved = byName ?? this.source.resolveModule(sys, mod);
    if (resolved === null) {
      const what = this.source.hasSystem(sys) ? `module ${mod} ${index} in ${sys}` : `system ${sys}`;
      return this.#send(errorFrame(id, WS_ERROR.moduleNotFound, `could not find ${what}`));
    }
    const meta = metaOf(request);
    const seen = new Map(Object.entries(resolved.state).map(([k, v]) => [k, JSON.stringify(v) ?? 'null']));
    const stream: DebugStream = { id, meta, seen };
    if (byName === null) stream.moduleId = resolved.moduleId;
    this.#debug.set(bindingKey({ ...request, name: '' }), stream);
    this.#send(successFrame(id));
  }
}
