/** Saves `blob` as a file named `filename` (a temporary object URL and link; nothing leaves the browser). */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked after the click has been handled, or some browsers cancel the download
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `filename`. */
export function downloadText(filename: string, text: string, type = "text/markdown;charset=utf-8") {
  downloadBlob(filename, new Blob([text], { type }));
}
