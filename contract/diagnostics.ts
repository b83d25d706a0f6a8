import { Type } from '@sinclair/typebox';
import { verb } from './verb.ts';

/**
 * The diagnostics bundle (core/diagnostics/bundle.ts), already redacted in the main process:
 * the renderer saves it as one file. Its inner shape is for people and support tools to read.
 */
export const DiagnosticsExport = Type.Object({
  fileName: Type.String(),
  bundle: Type.Object({
    kind: Type.Literal('roomdeck-diagnostics'),
    format: Type.Literal(1),
    createdAt: Type.String(),
    versions: Type.Record(Type.String(), Type.Union([Type.String(), Type.Undefined()])),
    platform: Type.Object({
      os: Type.String(),
      release: Type.String(),
      arch: Type.String(),
      host: Type.Union([Type.Literal('electron'), Type.Literal('browser-host')]),
    }),
    configuration: Type.Object({
      effective: Type.Unknown(),
      sources: Type.Record(Type.String(), Type.String()),
      problems: Type.Array(Type.String()),
    }),
    session: Type.Unknown(),
    link: Type.Unknown(),
    pollRoundTrips: Type.Unknown(),
    /** The update controller's status (`disabled`, `idle` with the last check, waiting, installing). */
    updates: Type.Unknown(),
    lastErrors: Type.Array(Type.Unknown()),
    log: Type.Array(Type.Unknown()),
  }),
});

/** A technician's: the bundle describes the configuration, the session and the log. */
export const diagnostics = {
  export: verb('technician', Type.Object({}, { additionalProperties: false }), DiagnosticsExport),
} as const;
