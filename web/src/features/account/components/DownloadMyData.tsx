import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { saveFile } from '../../../shared/api/save-file';
import { FormMessage, type Notice } from '../../../shared/ui/FormMessage';
import { failureMessage } from '../account-messages';
import { fetchDataExport, fetchDataSummary } from '../data-export-api';

const today = () => new Date().toISOString().slice(0, 10);

/** How long an opened summary's address stays valid: the tab has long loaded it by then. */
const SUMMARY_URL_MS = 60_000;

/**
 * Shows the summary in the tab opened for it on the click (a tab opened after the answer would be a pop-up the browser
 * blocks), or saves it as a file when no tab could be opened.
 */
function showSummary(tab: Window | null, blob: Blob, filename: string): void {
  if (!tab || tab.closed) return saveFile(blob, filename);
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/html' }));
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), SUMMARY_URL_MS);
}

/** In the profile: everything the site holds about the reader, as a JSON file or a page to read (a few times an hour). */
export function DownloadMyData() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const download = useMutation({
    mutationFn: fetchDataExport,
    onMutate: () => setNotice(null),
    onSuccess: ({ blob, filename }) => {
      saveFile(blob, filename ?? `novel-shelf-data-${today()}.json`);
      setNotice({ text: 'Your data is downloaded.', isError: false });
    },
    onError: (error) => setNotice({ text: failureMessage(error), isError: true }),
  });
  const summary = useMutation({
    mutationFn: (_tab: Window | null) => fetchDataSummary(),
    onMutate: () => setNotice(null),
    onSuccess: ({ blob, filename }, tab) => showSummary(tab, blob, filename ?? `novel-shelf-data-${today()}.html`),
    onError: (error, tab) => {
      tab?.close();
      setNotice({ text: failureMessage(error), isError: true });
    },
  });
  const busy = download.isPending || summary.isPending;

  return (
    <section aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">Your Data</h2>
      <p>
        Everything the site holds about you: your account with its names, history and sessions, reading progress, shelves, saved searches, likes, comments with their edits,
        reports, moderation decisions about you, e-mails sent to you, your feed address and settings. Download it as a JSON file, or open it as a page to read.
      </p>
      <div className="account-form">
        <button type="button" className="button" disabled={busy} onClick={() => download.mutate()}>
          Download my data
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => summary.mutate(window.open('', '_blank'))}>
          Open a readable summary
        </button>
        <FormMessage notice={notice} />
      </div>
    </section>
  );
}
