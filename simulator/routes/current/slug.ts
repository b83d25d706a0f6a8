/**
 * A module slug, `Class_Index` (placeos-generations.md §1C notes): the index is split off at the
 * last underscore only when what follows is a whole number, so `Display_2` is the second Display,
 * `Display` the first, and `My_Display` the first `My_Display`.
 */
export function parseSlug(slug: string): { className: string; index: number } {
  const at = slug.lastIndexOf('_');
  if (at > 0) {
    const tail = slug.slice(at + 1);
    if (/^\d{1,9}$/.test(tail)) return { className: slug.slice(0, at), index: Number(tail) };
  }
  return { className: slug, index: 1 };
}
