import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIES,
  PROXY_QUERY_PARAM,
  UPLOAD_MAX_BYTES,
  fieldIssue,
  type Material,
} from '@adloom/domain';
import { ApiError, configureApi } from '../../lib/api';
import { setupI18n } from '../../lib/i18n';
import { PROXY_STORAGE_KEY } from '../../lib/session';
import { durationText, precheckFile, uploadErrorText, uploadMaterialFile } from './api';

const material: Material = {
  id: 12,
  owner: { id: 5, username: 'adv_alpha', nickname: 'Alpha' },
  name: 'banner.png',
  kind: 'image',
  mime: 'image/png',
  ext: 'png',
  size_bytes: 1536,
  width: 64,
  height: 48,
  duration_ms: null,
  transcode_state: null,
  transcode_error: null,
  url: '/files/0123456789abcdef0123456789abcdef.png',
  thumbnail_url: '/files/0123456789abcdef0123456789abcdef-thumb.jpg',
  status: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A stand-in XMLHttpRequest the test drives: progress, answers, failures. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  responseText = '';
  withCredentials = false;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }
  answer(body: unknown) {
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
  fail() {
    this.events.dispatchEvent(new Event('error'));
  }
}

const sent = () => {
  if (!FakeXhr.last) throw new Error('nothing sent');
  return FakeXhr.last;
};

let env: {
  notifyError: ReturnType<typeof vi.fn<(text: string) => void>>;
  goToDenied: ReturnType<typeof vi.fn<() => void>>;
};

// The console's texts, field issues' codes among them (lib/messages.ts through i18next).
beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = `${COOKIES.adminToken}=admin-token; path=/`;
  env = { notifyError: vi.fn<(text: string) => void>(), goToDenied: vi.fn<() => void>() };
  configureApi(env);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });

describe('uploadMaterialFile', () => {
  it('posts the file and name as multipart with the session header, reporting progress', async () => {
    const progress: number[] = [];
    const done = uploadMaterialFile(png(), {
      name: ' Spring ',
      onProgress: (p) => progress.push(p),
    });
    const xhr = sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/svc/ad/resource/upload');
    expect(xhr.headers['X-Token']).toBe('admin-token');
    expect(xhr.body?.get('name')).toBe('Spring');
    expect((xhr.body?.get('file') as File).name).toBe('banner.png');
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer({ code: 200, msg: 'success', data: material });
    await expect(done).resolves.toEqual(material);
    expect(progress).toEqual([25, 100]);
  });

  it('acts for the proxy user like every other call', async () => {
    window.sessionStorage.setItem(PROXY_STORAGE_KEY, '42');
    const done = uploadMaterialFile(png());
    expect(sent().url).toBe(`/svc/ad/resource/upload?${PROXY_QUERY_PARAM}=42`);
    expect(sent().body?.has('name')).toBe(false);
    sent().answer({ code: 200, msg: 'success', data: material });
    await done;
  });

  it('rejects with the field issue, shown in the interface language, and no toast', async () => {
    const done = uploadMaterialFile(png());
    sent().answer({
      code: -120,
      msg: 'file: Only jpg, png, gif, mp4 and mkv files are accepted',
      data: {
        // As the server sends it (material/upload.ts typeRefused): a coded field issue.
        fields: [fieldIssue('file', 'upload.type')],
      },
    });
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(uploadErrorText(error, 'en')).toBe('Only jpg, png, gif, mp4 and mkv files are accepted');
    expect(uploadErrorText(error, 'zh')).toBe('仅支持 jpg、png、gif、mp4 和 mkv 文件');
    expect(env.notifyError).not.toHaveBeenCalled();
  });

  it('goes to /401 on -110 and reports a lost connection as a network error', async () => {
    const denied = uploadMaterialFile(png());
    sent().answer({ code: -110, msg: 'Access deni, check again.', data: null });
    await expect(denied).rejects.toMatchObject({ code: -110 });
    expect(env.goToDenied).toHaveBeenCalled();
    const lost = uploadMaterialFile(png());
    sent().fail();
    await expect(lost).rejects.toMatchObject({ code: 0 });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const done = uploadMaterialFile(png(), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: -1 });
  });
});

describe('precheckFile', () => {
  it('accepts the five types by name up to 50 MB', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.mp4', 'a.mkv']) {
      expect(precheckFile({ name, size: 10 })).toBeNull();
    }
    expect(precheckFile({ name: 'a.png', size: UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, empty files and anything over 50 MB', () => {
    expect(precheckFile({ name: 'setup.exe', size: 10 })).toBe('type');
    expect(precheckFile({ name: 'noext', size: 10 })).toBe('type');
    expect(precheckFile({ name: 'a.png', size: 0 })).toBe('missing');
    expect(precheckFile({ name: 'a.mp4', size: UPLOAD_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('durationText', () => {
  it('writes minutes and seconds, hours when needed', () => {
    expect(durationText(null)).toBe('-');
    expect(durationText(1040)).toBe('0:01');
    expect(durationText(61_000)).toBe('1:01');
    expect(durationText(3_723_000)).toBe('1:02:03');
  });
});
