// Counted words by the language's plural rules (Intl.PluralRules), never by hand:
// count(2, {one: 'ply', other: 'plies'}) -> '2 plies'. The forms are the caller's words
// (kept with its other words); which form a number takes is the language's rule, so a
// translation gives the forms its language has (few, many, ...) and nothing else changes.
const rules = new Intl.PluralRules('en');

/** The form of `forms` ({one, other, ...}) for the number n. */
export const plural = (n, forms) => forms[rules.select(n)] ?? forms.other;
/** "n form": the number and its word. */
export const count = (n, forms) => `${n} ${plural(n, forms)}`;
