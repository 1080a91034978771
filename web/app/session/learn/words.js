// The words of the lessons and the puzzles (docs/learning.md, docs/page.md "Languages"):
// public/learn/lessons.json holds the positions, goals and solutions; a lesson's title and
// introduction and each step's task, hint and success are messages of the learn catalogue,
// public/i18n/learn/<code>.json, under keys made here. That catalogue also holds the Learn
// and Puzzles panels' own words; it is fetched when Learn or Puzzles opens, with the pages'
// catalogue (piece, side and level names) beside it.
//
//   const t = await loadLearnWords('de');          // t(lessonKey('sylph', 'task', 0))
//   withWords(lessons, t)                          // lessons.json with its words, as the rules page reads it
//   feedbackWords(t, state.parts)                  // what a lesson's last move did, in t's language
import { loadWords, reason, SOURCE_LANGUAGE } from '../../util/i18n.js';
import { coreWords } from '../../facts/terms.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

/** A lesson's words, and each step's. */
export const LESSON_FIELDS = Object.freeze(['title', 'intro']);
export const STEP_FIELDS = Object.freeze(['task', 'hint', 'success']);

/** The key of a lesson's word: lessonKey('sylph', 'title') -> 'learn.sylph.title';
 *  a step's (0-based `step`): lessonKey('sylph', 'task', 0) -> 'learn.sylph.1.task'. */
export const lessonKey = (/** @type {string} */ id, /** @type {string} */ field, step = -1) =>
  step < 0 ? `learn.${id}.${field}` : `learn.${id}.${step + 1}.${field}`;

/** Every key of the lessons' words in `data` (lessons.json), in the file's order. */
export function lessonKeys(data) {
  return data.lessons.flatMap((l) => [
    ...LESSON_FIELDS.map((f) => lessonKey(l.id, f)),
    ...l.steps.flatMap((_, i) => STEP_FIELDS.map((f) => lessonKey(l.id, f, i))),
  ]);
}

/** `data` (lessons.json) with each lesson's and step's words filled in from `t`. */
export function withWords(data, /** @type {Translator} */ t) {
  const fill = (/** @type {any} */ x, /** @type {readonly string[]} */ fields, key) =>
    Object.fromEntries([...Object.entries(x), ...fields.map((f) => [f, t(key(f))])]);
  return {
    ...data,
    lessons: data.lessons.map((l) => ({
      ...fill(l, LESSON_FIELDS, (f) => lessonKey(l.id, f)),
      steps: l.steps.map((s, i) => fill(s, STEP_FIELDS, (f) => lessonKey(l.id, f, i))),
    })),
  };
}

/** The translator of the lessons and puzzles in `code` (the pages' words too), or English's
 *  when that language's catalogues cannot be fetched (offline before a visit cached them).
 *  @returns {Promise<Translator>} */
export async function loadLearnWords(code, base = undefined) {
  try {
    return await loadWords(code, ['', 'learn/'], base);
  } catch (e) {
    if (code === SOURCE_LANGUAGE) throw e;
    return loadWords(SOURCE_LANGUAGE, ['', 'learn/'], base);
  }
}

/** What a lesson's last move did toward its goal (core's parts: [{key, args}], M.lessonState's
 *  `parts`) in the words of `t`: each part by its message in the learn catalogue (its
 *  arguments said as core's refusals' are: facts/terms.js coreWords), joined as
 *  the language joins sentences ('lesson.joined'). In English, core's own `message`.
 *  @param {Translator} t @param {{key: string, args: Record<string, any>}[]} parts @returns {string} */
export function feedbackWords(t, parts) {
  const said = parts.map((part) => reason(t, coreWords(part, '')));
  return said.length ? said.reduce((before, after) => t('lesson.joined', { before, after })) : '';
}
