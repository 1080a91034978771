// The rules page's address (rules.html) and the anchors of its sections, written once: it
// gives its sections these ids, and the piece cards, the Help and the lessons link to them.
// No engine; no DOM but the element handed to linkSections.

export const RULES_PAGE = 'rules.html';

/** A piece's section: core's name in lower case ('Dragon' -> 'dragon'). */
export const pieceAnchor = (name) => String(name).toLowerCase();

/** The sections that are not a piece's. */
export const SECTION = Object.freeze({
  boards: 'boards',
  start: 'start-position',
  pieces: 'pieces',
  special: 'special-rules',
  afar: 'capture-from-afar',
  freezing: 'freezing',
  via: 'through-a-square',
  sylphReturn: 'sylph-return',
  promotion: 'promotion',
  levels: 'changing-levels',
  check: 'check',
  mate: 'checkmate',
  end: 'end-of-game',
  ruleSets: 'rule-sets',
});

// The rule lessons (public/learn/lessons.json ids) and the section explaining the same rule.
const LESSON_SECTION = Object.freeze({
  afar: SECTION.afar,
  freezing: SECTION.freezing,
  via: SECTION.via,
  'sylph-return': SECTION.sylphReturn,
  promotion: SECTION.promotion,
  'check-levels': SECTION.check,
  mate: SECTION.mate,
});

/** The section about a lesson ({id, piece}): its piece's (nameOf: letter -> core's name),
 *  or its rule's; the page's top for one the page does not know. */
export function lessonAnchor(lesson, nameOf) {
  if (lesson.piece) return pieceAnchor(nameOf(lesson.piece));
  return LESSON_SECTION[lesson.id] || '';
}

/** The address of a section of the rules page (relative to the site's root); `rules`: a
 *  rule set to open it under (null: the page's default, the first of core's). */
export function rulesLink(anchor = '', rules = null) {
  return RULES_PAGE + (rules ? `?rules=${encodeURIComponent(rules)}` : '') + (anchor ? `#${anchor}` : '');
}

/** The links of a static page to the rules page's sections (<a data-rules-section="freezing">,
 *  a key of SECTION) get their address from here. */
export function linkSections(root) {
  for (const a of root.querySelectorAll('a[data-rules-section]')) {
    const anchor = SECTION[a.dataset.rulesSection];
    if (anchor) a.href = rulesLink(anchor);
  }
}
