// Copying text to the clipboard: the one place that asks the browser. The result says whether
// the text was copied (the browser may refuse: no permission, an insecure page, a sandboxed
// frame), so that the caller shows the text for copying by hand instead of claiming success.
//   import { copyText } from './clipboard.js';
//   if ((await copyText(url)).error) showForCopying(url);
import { failure, settle, success } from '../../util/result.js';

/** Copies `text` -> {value} once it is on the clipboard, or {error} when the browser refused. */
export async function copyText(text) {
  if (typeof navigator === 'undefined' || !navigator.clipboard)
    return failure('this browser gives no clipboard to the page');
  const r = await settle(navigator.clipboard.writeText(String(text)));
  return r.error ? r : success();
}
