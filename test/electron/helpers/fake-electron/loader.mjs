// Module resolution hook: `electron` → the recording stand-in beside this file.
const fake = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: fake, shortCircuit: true };
  return nextResolve(specifier, context);
}
