/** Page visibility, injected so tests can hide the page. */
export interface Visibility {
  readonly hidden: boolean;
  onChange(listener: () => void): () => void;
}

export const documentVisibility = (doc: Document): Visibility => ({
  get hidden() {
    return doc.hidden;
  },
  onChange(listener) {
    doc.addEventListener('visibilitychange', listener);
    return () => doc.removeEventListener('visibilitychange', listener);
  },
});
