import { getFile } from '../../shared/api/api-client';

/** "Download my data": the signed-in reader's data as a JSON file, and the name the server gives it. */
export const fetchDataExport = () => getFile('/user/data-export');

/** The same data as a page to read (HTML). */
export const fetchDataSummary = () => getFile('/user/data-export/summary');
