/** The three screens every panel view must fit without scrolling: landscape, small, portrait. */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 600 },
  { width: 800, height: 1280 },
] as const;
