import { ConfigError } from '../api/errors.ts';

/**
 * What is wrong with the configuration, one problem a setting: the key, where its value came from
 * (file and line, flag, variable) and what is wrong. All of them are reported at once, so an
 * installer fixes them in one pass.
 */

export interface ConfigProblem {
  key: string;
  source: string;
  message: string;
}

export class ConfigInvalidError extends ConfigError {
  override name = 'ConfigInvalidError';
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[]) {
    super({ details: { problems } });
    this.problems = problems;
    this.message = [
      `ROOMDECK_CONFIG_INVALID: Roomdeck's configuration is not valid:`,
      ...problems.map((p) => `  - ${p.key} (${p.source}): ${p.message}`),
    ].join('\n');
  }
}
