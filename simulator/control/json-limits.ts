/**
 * Limits on the JSON the simulator accepts. Depth, because a value nested thousands of levels deep
 * parses fine and then breaks everything that walks it recursively (serialising a reply, a list, the
 * data file): once stored, every list that holds it fails. Size, so no one body costs much memory.
 * Checked on the text, before anything is parsed or stored.
 */
export const JSON_LIMITS = {
  /** Arrays and objects inside one another; room settings use a handful. */
  depth: 64,
  bytes: 1024 * 1024,
} as const;

/** The limit in a person's words, for the messages that name it. */
export const JSON_SIZE_LIMIT_TEXT = '1 MiB';

/**
 * True when `text` nests arrays and objects deeper than `max`. One pass, no recursion, stops at the
 * first level too deep; brackets inside strings (escapes included) do not count. Text that is not
 * JSON may be misjudged either way, and JSON.parse refuses it afterwards.
 */
export function jsonTooDeep(text: string, max: number = JSON_LIMITS.depth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** The predicate of the refusal: "the request body …", or a field's reason ("settings …"). */
export const TOO_DEEP = `is nested more than ${JSON_LIMITS.depth} levels deep (the limit is ${JSON_LIMITS.depth})`;
