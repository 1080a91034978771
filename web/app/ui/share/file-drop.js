// A file dropped anywhere on the page is handed to `onFile` (the record dialog opens it);
// while one is dragged over the page, the body has the class is-dropping (style.css).
/** @param {(file: File) => void} onFile @param {Document} [root] */
export function wireFileDrop(onFile, root = document) {
  const hasFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes('Files');
  root.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    root.body.classList.add('is-dropping');
  });
  root.addEventListener('dragleave', (e) => {
    if (!e.relatedTarget) root.body.classList.remove('is-dropping');
  });
  root.addEventListener('drop', (e) => {
    root.body.classList.remove('is-dropping');
    if (!hasFiles(e)) return;
    e.preventDefault();
    const f = e.dataTransfer.files[0];
    if (f) onFile(f);
  });
}
