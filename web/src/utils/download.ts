/**
 * Offers a file the page made as a download: an object URL on a temporary link, clicked, and released a while
 * later (a URL revoked at once can cancel a download that has not started yet). The visit's calendar file and the
 * inbox's CSV export both save this way.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
