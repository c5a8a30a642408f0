import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkAvatar, checkUpload, uploadKey } from './check';
import { UPLOAD_DEFAULTS } from './config';
import { appMessages } from '../../app/locales';

const MB = 1024 * 1024;

describe('upload extension checks', () => {
  it('has the spec defaults: size 120, 9 files, 100 MB, prefix app/base', () => {
    assert.deepEqual(UPLOAD_DEFAULTS, { size: 120, limit: { upload: 9, size: 100 }, prefixPath: 'app/base' });
  });

  it('refuses more than 9 files and files over 100 MB, accepting the limits themselves', () => {
    const nine = Array.from({ length: 9 }, () => ({ size: 100 * MB }));
    assert.equal(checkUpload(nine), undefined);
    assert.deepEqual(checkUpload([...nine, { size: 1 }]), { key: 'upload.tooMany', params: { n: 9 } });
    assert.deepEqual(checkUpload([{ size: 100 * MB + 1 }]), { key: 'upload.sizeExceeded', params: { n: 100 } });
    assert.deepEqual(checkUpload([{ size: 3 * MB }], { upload: 2, size: 2 }), { key: 'upload.sizeExceeded', params: { n: 2 } });
  });

  it('takes avatars only as images under 100k', () => {
    assert.equal(checkAvatar({ size: 100 * 1024 - 1, type: 'image/png', name: 'a.png' }), undefined);
    assert.equal(checkAvatar({ size: 10, name: 'face.JPG' }), undefined);
    assert.deepEqual(checkAvatar({ size: 100 * 1024, type: 'image/png' }), { key: 'upload.avatarTooLarge', params: {} });
    assert.deepEqual(checkAvatar({ size: 10, type: 'application/pdf', name: 'x.pdf' }), { key: 'upload.notImage', params: {} });
  });

  it('prefixes upload keys with app/base', () => {
    assert.equal(uploadKey('a.png', undefined, 'u1'), 'app/base/u1_a.png');
  });

  it('has every upload message in the three locales, with the spec wording in English', () => {
    const en = appMessages.en.upload as Record<string, string>;
    assert.equal(en.avatarTooLarge, 'file cannot be larger than 100k');
    assert.equal(en.sizeExceeded, 'size cannot exceed {{n}}MB');
    assert.equal(en.tooMany, 'at most {{n}} files can be uploaded');
    for (const l of ['zh-cn', 'zh-tw'] as const) {
      const m = appMessages[l].upload as Record<string, string>;
      assert.deepEqual(Object.keys(m).sort(), Object.keys(en).sort(), l);
      assert.match(m.sizeExceeded!, /\{\{n\}\}/);
      assert.match(m.tooMany!, /\{\{n\}\}/);
    }
  });
});
