import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSessionAtom } from '../../../shared/state/session.atoms';
import { getAppStore } from '../../../shared/state/store';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { DownloadMyData } from './DownloadMyData';

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };
const section = () => screen.getByRole('region', { name: 'Your Data' });
const file = (body: string, type: string, disposition: string) => new Response(body, { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': disposition } });

describe('DownloadMyData', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the JSON file under the name the server gives, with the bearer token', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    const fetchMock = stubFetch(() => file('{"account":{}}', 'application/json', 'attachment; filename="novel-shelf-data-2026-11-28.json"'));
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: vi.fn(() => 'blob:data'), revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderWithProviders(<DownloadMyData />);
    fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('novel-shelf-data-2026-11-28.json');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/data-export');
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer t');
    expect(await within(section()).findByRole('status')).toHaveTextContent('Your data is downloaded.');
  });

  it('shows the summary in the tab opened on the click', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => file('<!doctype html><h1>Your data</h1>', 'text/html', 'inline; filename="novel-shelf-data-2026-11-28.html"'));
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: vi.fn(() => 'blob:summary'), revokeObjectURL: vi.fn() }));
    const tab = { closed: false, close: vi.fn(), location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<DownloadMyData />);
    fireEvent.click(within(section()).getByRole('button', { name: 'Open a readable summary' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:summary'));
  });

  it("shows the server's refusal and closes the tab it opened", async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => json(429, { statusCode: 429, message: 'You can download your data 5 times an hour. Please try again later.' }));
    const tab = { closed: false, close: vi.fn(), location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<DownloadMyData />);
    fireEvent.click(within(section()).getByRole('button', { name: 'Open a readable summary' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('You can download your data 5 times an hour. Please try again later.');
    expect(tab.close).toHaveBeenCalled();
  });

  /** An answer whose body comes in `parts`, written as the server reads the data; `breaks` ends it with a failure instead. */
  const streamed = (parts: string[], breaks = false) =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const part of parts) {
            controller.enqueue(new TextEncoder().encode(part));
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          if (breaks) controller.error(new TypeError('network error'));
          else controller.close();
        },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="novel-shelf-data-2026-11-29.json"' } },
    );

  function savedFiles() {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:data';
    });
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    return { saved, clicked };
  }

  it('saves a file written as the server reads it whole, once its last part came', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => streamed(['{"account":{},', '"comments":[{"comment_id":"c1"}', ',{"comment_id":"c2"}', '],"moderation":[]}']));
    const { saved, clicked } = savedFiles();
    renderWithProviders(<DownloadMyData />);
    fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(JSON.parse(await saved[0].text())).toEqual({ account: {}, comments: [{ comment_id: 'c1' }, { comment_id: 'c2' }], moderation: [] });
    expect(await within(section()).findByRole('status')).toHaveTextContent('Your data is downloaded.');
  });

  it('saves nothing and says so when the answer breaks off on the way', async () => {
    getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
    stubFetch(() => streamed(['{"account":{},', '"comments":['], true));
    const { clicked } = savedFiles();
    renderWithProviders(<DownloadMyData />);
    fireEvent.click(within(section()).getByRole('button', { name: 'Download my data' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(clicked).toHaveLength(0);
  });
});
