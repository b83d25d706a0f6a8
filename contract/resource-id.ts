import { Type } from '@sinclair/typebox';
import { SAFE_ID_PATTERN } from './ids.ts';

/** A system or module id: one plain URL path segment (see contract/ids.ts). */
export const ResourceId = Type.String({ minLength: 1, pattern: SAFE_ID_PATTERN });
