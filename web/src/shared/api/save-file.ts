/** Hands a file to the browser's downloads, as a link to it would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
