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

/**
 * Messages whose plain placeholders rightly differ between languages, each with its reason: the
 * caller passes every one, and each language reads those it needs. Plurals, selects and numbers
 * must still match English exactly; an entry whose key en.ts no longer has fails the test.
 */
export const OWN_ARGUMENTS: readonly KeptEntry[] = [
  {
    key: 'room.device.other',
    reason:
      'English makes a lowercase noun of a class it has no word for ({name}); other languages show the class as it is ({className})',
  },
  {
    key: 'room.equipment.other',
    reason:
      'English makes a counted noun of the class ({name}, {names}); other languages count the class as it is ({className})',
  },
];
