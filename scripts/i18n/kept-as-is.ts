/*
 * Messages that rightly read the same in every language, so the catalogue test's "left in
 * English" check passes them: each with its reason. Technical identifiers alone ("IP / URI") need
 * no entry (they have no prose words); an entry is for words that look like English but are not
 * to be translated. An entry whose key en.ts no longer has fails the test.
 */
export interface KeptEntry {
  key: string;
  reason: string;
}

export const KEPT_AS_IS: readonly KeptEntry[] = [
  { key: 'app.signIn.title', reason: 'the product’s name, Roomdeck, in every language' },
  {
    key: 'tech.module.transport',
    reason: 'protocol names as a driver’s settings spell them (TLS, UDP, make-break)',
  },
];
