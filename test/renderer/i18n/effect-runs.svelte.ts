/**
 * Runs `body` in an effect, as a component's template runs an expression, and counts its runs: an
 * effect runs again whenever reactive state it read changes.
 */
export function countEffectRuns(body: () => void): { runs: () => number; stop: () => void } {
  let runs = 0;
  const stop = $effect.root(() => {
    $effect(() => {
      runs += 1;
      body();
    });
  });
  return { runs: () => runs, stop };
}
