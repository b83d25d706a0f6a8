/**
 * The part of @placeos/ts-client 4.7.7 these tests call, typed from its `dist/**.d.ts`. Its own
 * typings cannot be used here: `dist/index.d.ts` re-exports `./api`, `./auth`… without file
 * extensions inside a `"type": "module"` package, which TypeScript's NodeNext resolution (this
 * project's) does not follow, so `import('@placeos/ts-client')` types as an empty module. The runtime
 * is the library itself (support.ts imports its ES build); only these declarations are ours.
 */

/** An Observable of ts-client's bundled rxjs, as far as the tests use it. */
export interface Source<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

/** resources/functions.d.ts `QueryResponse<T>`. */
export interface QueryPage<T> {
  total: number;
  next: (() => Source<QueryPage<T>> | null) | null;
  data: T[];
}

export interface PlaceAuthority {
  id: string;
  name: string;
  domain: string;
  login_url: string;
  logout_url: string;
  session: boolean;
  production: boolean;
  version?: string;
  config: Record<string, unknown>;
}

export interface PlaceAuthOptions {
  auth_uri: string;
  token_uri: string;
  redirect_uri: string;
  scope: string;
  auth_type?: 'auth_code' | 'implicit' | 'password';
  host?: string;
  secure?: boolean;
  storage?: 'local' | 'session';
  handle_login?: boolean;
  token_header?: boolean;
}

export interface PlaceResource {
  id: string;
  name: string;
}

export interface PlaceSystem extends PlaceResource {
  capacity: number;
  bookable: boolean;
  modules: readonly string[];
  zones: readonly string[];
}

export type PlaceModule = PlaceResource;

/** systems/interfaces.d.ts types `params` as `[string, any]` tuples; rest-api sends JSON Schema. */
export interface PlaceModuleFunction {
  arity: number;
  params: Record<string, unknown>;
  order: string[];
}

export interface PlaceVariableBinding<T> {
  readonly name: string;
  readonly count: number;
  readonly value: T | undefined;
  listen(): Source<T>;
  bind(): () => void;
  unbind(): void;
}

export interface PlaceModuleBinding {
  readonly id: string;
  binding<T = unknown>(name: string): PlaceVariableBinding<T>;
  // biome-ignore lint/suspicious/noExplicitAny: a method's result is whatever the driver returns
  execute<T = any>(method: string, args?: unknown[], timeoutMs?: number): Promise<T>;
}

export interface PlaceRequestOptions {
  sys: string;
  mod: string;
  index: number;
  name: string;
}

/** realtime/interfaces.d.ts `PlaceDebugEvent`. */
export interface PlaceDebugEvent {
  mod_id: string;
  module: string;
  class_name: string;
  message: string;
  level: string;
  time: number;
}

type Query = Record<string, string | number | boolean>;

export interface TsClient {
  setup(options: PlaceAuthOptions): Promise<void>;
  authority(): PlaceAuthority | undefined;
  apiEndpoint(): string;
  httpRoute(): string;
  redirectUri(): string;
  token(): string;
  isOnline(): boolean;
  websocketRoute(): string;
  is_connected(): boolean;
  /** realtime/functions.d.ts `status()`: the socket's connected state. */
  status(): Source<boolean>;
  get(url: string): Source<unknown>;
  querySystems(query?: Query): Source<QueryPage<PlaceSystem>>;
  queryModules(query?: Query): Source<QueryPage<PlaceModule>>;
  functionList(system: string, module: string, index?: number): Source<Record<string, PlaceModuleFunction>>;
  executeOnSystem(
    system: string,
    method: string,
    module: string,
    index?: number,
    args?: unknown[],
  ): Source<unknown>;
  systemModuleState(system: string, module: string, index?: number): Source<Record<string, string>>;
  lookupSystemModuleState(system: string, module: string, index: number, key: string): Source<unknown>;
  getModule(system: string, module: string, index?: number): PlaceModuleBinding;
  bind(options: PlaceRequestOptions): Promise<void>;
  debug(options: PlaceRequestOptions): Promise<void>;
  ignore(options: PlaceRequestOptions): Promise<void>;
  /** realtime/functions.d.ts: every debug frame, as ts-client reshapes it. */
  debug_events: Source<PlaceDebugEvent>;
  PlaceSystem: abstract new (...args: never[]) => PlaceSystem;
  PlaceModule: abstract new (...args: never[]) => PlaceModule;
}
