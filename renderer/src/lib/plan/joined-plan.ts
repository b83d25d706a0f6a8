import { PAGE_KIND_MERGES } from '../layout/page-kinds.ts';
import type { PageSpec, PanelPlan } from './plan.ts';

/*
 * The panel of a combined room, as the room the panel stands in shows it. The combined room's plan
 * holds every joined room's devices; a page of a kind that does not merge (the call page) is taken
 * from the room the panel stands in instead, with what drives it (the codec). On the master that is
 * the master's own room: its call page dials on its own codec, not on the first codec of a merged
 * list, and never on another half's. Simple on purpose: whole pages are swapped, nothing is mixed.
 */

const merges = (page: PageSpec) => PAGE_KIND_MERGES[page.kind];

/** `combined` with its pages that do not merge replaced by `own`'s (the room the panel stands in). */
export function joinedPlan(combined: PanelPlan, own: PanelPlan | null): PanelPlan {
  const local = (own?.pages ?? []).filter((p) => !merges(p));
  const pages = combined.pages.filter(merges);
  // The local pages stand where the automatic plan puts the call page: right after the sources.
  const at = pages[0]?.kind === 'sources' ? 1 : 0;
  return {
    ...combined,
    pages: [...pages.slice(0, at), ...local, ...pages.slice(at)],
    call: own?.call ?? null,
  };
}

/** `joinedPlan`, kept while neither plan changes: the panel reads its plan many times a second. */
export function joinedPlans(): (combined: PanelPlan, own: PanelPlan | null) => PanelPlan {
  let last: { combined: PanelPlan; own: PanelPlan | null; plan: PanelPlan } | null = null;
  return (combined, own) => {
    if (last?.combined !== combined || last.own !== own)
      last = { combined, own, plan: joinedPlan(combined, own) };
    return last.plan;
  };
}
