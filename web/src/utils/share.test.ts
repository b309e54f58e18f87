import { describe, expect, it } from 'vitest';
import { chooseShareMethod, shareLink, type ShareCapabilities } from './share';

const data = { title: 'Austin Point', url: 'https://homes.example.com/community/austin-point' };

function clipboardRecorder(fail = false) {
  const written: string[] = [];
  const clipboard = {
    writeText: async (text: string) => {
      if (fail) throw new DOMException('Write permission denied.', 'NotAllowedError');
      written.push(text);
    },
  };
  return { written, clipboard };
}

describe('choosing how to share', () => {
  it('uses the share sheet when the browser has one', () => {
    expect(chooseShareMethod({ share: async () => {}, clipboard: clipboardRecorder().clipboard }, data)).toBe('native');
  });

  it('copies the link when there is no share sheet (desktop Chromium, Firefox)', () => {
    expect(chooseShareMethod({ clipboard: clipboardRecorder().clipboard }, data)).toBe('clipboard');
  });

  it('copies the link when the share sheet refuses this data', () => {
    const capabilities: ShareCapabilities = {
      share: async () => {},
      canShare: () => false,
      clipboard: clipboardRecorder().clipboard,
    };
    expect(chooseShareMethod(capabilities, data)).toBe('clipboard');
  });

  it('has nothing to use without a share sheet or a clipboard (insecure page)', () => {
    expect(chooseShareMethod({}, data)).toBe('none');
  });
});

describe('sharing a link', () => {
  it('shares through the sheet and copies nothing', async () => {
    const shared: ShareData[] = [];
    const { written, clipboard } = clipboardRecorder();
    expect(await shareLink(data, { share: async (value) => void shared.push(value), clipboard })).toBe('shared');
    expect(shared).toEqual([data]);
    expect(written).toEqual([]);
  });

  it('a closed share sheet is a cancel, not a copy', async () => {
    const { written, clipboard } = clipboardRecorder();
    const share = async () => {
      throw new DOMException('Share canceled', 'AbortError');
    };
    expect(await shareLink(data, { share, clipboard })).toBe('cancelled');
    expect(written).toEqual([]);
  });

  it('falls back to copying when the share sheet fails', async () => {
    const { written, clipboard } = clipboardRecorder();
    const share = async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    };
    expect(await shareLink(data, { share, clipboard })).toBe('copied');
    expect(written).toEqual([data.url]);
  });

  it('copies the link without a share sheet', async () => {
    const { written, clipboard } = clipboardRecorder();
    expect(await shareLink(data, { clipboard })).toBe('copied');
    expect(written).toEqual([data.url]);
  });

  it('fails when the clipboard refuses, or there is none', async () => {
    expect(await shareLink(data, { clipboard: clipboardRecorder(true).clipboard })).toBe('failed');
    expect(await shareLink(data, {})).toBe('failed');
  });
});
