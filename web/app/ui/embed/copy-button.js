// A Copy button for a snippet of code (the embed gallery's and the rules page's iframe
// snippets): the text goes to the clipboard; where the browser refuses, the text is selected
// and the button asks for Ctrl+C. words: {copy, copied, pressCtrlC} (the page's own words).
import { copyText } from '../share/clipboard.js';

export const COPY_WORDS = Object.freeze({ copy: 'Copy', copied: 'Copied', pressCtrlC: 'Press Ctrl+C' });

/** @typedef {{copy: string, copied: string, pressCtrlC: string}} CopyWords */

/** @param {HTMLElement} button @param {HTMLElement} code @param {CopyWords} [words] (read at each click) */
export function wireCopy(button, code, words = COPY_WORDS) {
  button.addEventListener('click', async () => {
    if (!(await copyText(code.textContent)).error) button.textContent = words.copied;
    else {
      const r = document.createRange();
      r.selectNodeContents(code);
      getSelection().removeAllRanges();
      getSelection().addRange(r);
      button.textContent = words.pressCtrlC;
    }
    setTimeout(() => {
      button.textContent = words.copy;
    }, 1800);
  });
}
