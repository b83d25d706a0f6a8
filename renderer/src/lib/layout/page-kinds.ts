/*
 * Every kind of page the panel has, in the order its tabs stand. The plan's `PageKind`, the tab
 * order, the page titles, the layout schema (and so panel-layout.schema.json and PANEL_LAYOUT.md,
 * both checked by tests) all derive from these two declarations: a new kind is one entry here and
 * one in `PAGE_KIND_IN_LAYOUT` and `PAGE_KIND_MERGES`, then whatever the compiler asks for (a title, a title word).
 */
export const PAGE_KINDS = [
  'sources',
  'call',
  'room',
  'lights',
  'camera',
  'audio',
  'blinds',
  'display',
  'more',
  'advanced',
] as const;

export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * Whether a room's own layout may give a page this kind. The panel makes the others itself: the
 * sources page from the home tiles, the room page from the room logic, Advanced from the modules.
 */
export const PAGE_KIND_IN_LAYOUT = {
  sources: false,
  // The call page follows the room's codec, whatever its layout says.
  call: false,
  room: false,
  lights: true,
  camera: true,
  audio: true,
  blinds: true,
  display: true,
  more: true,
  advanced: false,
} as const satisfies Record<PageKind, boolean>;

/**
 * Whether a page of this kind shows the combined room when rooms are joined. PlaceOS marks the pages
 * that do not merge; the call page is one: a codec belongs to the room it stands in, and a call
 * placed from the combined room's panel goes out from that room's own codec, never another half's.
 */
export const PAGE_KIND_MERGES = {
  sources: true,
  call: false,
  room: true,
  lights: true,
  camera: true,
  audio: true,
  blinds: true,
  display: true,
  more: true,
  advanced: true,
} as const satisfies Record<PageKind, boolean>;

/** A kind a layout page may name in its `kind`. */
export type LayoutPageKind = {
  [K in PageKind]: (typeof PAGE_KIND_IN_LAYOUT)[K] extends true ? K : never;
}[PageKind];

const inLayout = (kind: PageKind): kind is LayoutPageKind => PAGE_KIND_IN_LAYOUT[kind];

/** The kinds a layout page may name, in tab order. */
export const LAYOUT_PAGE_KINDS: readonly LayoutPageKind[] = PAGE_KINDS.filter(inLayout);
