// Copying text to the clipboard: the one place that asks the browser. The answer says whether
// the text was copied (the browser may refuse: no permission, an insecure page, a sandboxed
// frame), so that the caller shows the text for copying by hand instead of claiming success.
//   import { copyText } from './clipboard.js';
//   if (!(await copyText(url))) showForCopying(url);

/** Copies `text`; resolves to true when it is on the clipboard, false when the browser refused. */
export async function copyText(text) {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(String(text));
    return true;
  } catch {
    return false;
  }
}
