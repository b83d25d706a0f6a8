export function needsBuild(root: string, outputs: readonly string[], sources: readonly string[]): boolean;

export type BuildScript = 'build:renderer' | 'build:host' | 'build';
export const BUILDS: Readonly<
  Record<BuildScript, { outputs: readonly string[]; sources: readonly string[] }>
>;
