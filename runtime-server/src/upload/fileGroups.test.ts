import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALLOWED_EXTENSIONS, contentTypeOf, fileGroup, servedInline } from './fileGroups.js';

describe('file groups (docs/reference/product-spec.md §5)', () => {
  it('groups by extension, case-insensitive, everything else is "file"', () => {
    assert.equal(fileGroup('a.PNG'), 'image');
    assert.equal(fileGroup('logo.svg'), 'image');
    assert.equal(fileGroup('clip.Mp4'), 'video');
    assert.equal(fileGroup('song.flac'), 'audio');
    assert.equal(fileGroup('cv.DOCX'), 'word');
    assert.equal(fileGroup('sheet.xltm'), 'excel');
    assert.equal(fileGroup('deck.dps'), 'ppt');
    assert.equal(fileGroup('paper.pdf'), 'pdf');
    assert.equal(fileGroup('bundle.zip'), 'rar');
    assert.equal(fileGroup('notes.txt'), 'file');
    assert.equal(fileGroup('README'), 'file');
    assert.equal(fileGroup('.png'), 'file', 'a dot file has no extension');
    assert.equal(fileGroup('dir.png/readme'), 'file', 'the extension is read from the base name');
  });

  it('allows the listed groups and a few inert formats, never active content or executables', () => {
    for (const ext of ['png', 'svg', 'mp4', 'docx', 'pdf', 'zip', 'rar', 'txt', 'csv', 'json', 'md', '7z', 'gz', 'tar']) {
      assert.ok(ALLOWED_EXTENSIONS.has(ext), ext);
    }
    for (const ext of ['html', 'htm', 'xhtml', 'xml', 'js', 'mjs', 'php', 'exe', 'sh', 'bat', 'jsp', 'asp', '']) {
      assert.ok(!ALLOWED_EXTENSIONS.has(ext), ext);
    }
  });

  it('serves media and PDF inline, SVG/HTML/XML/SWF and the rest as downloads', () => {
    assert.equal(contentTypeOf('x.PNG'), 'image/png');
    assert.equal(contentTypeOf('x.unknown'), 'application/octet-stream');
    assert.ok(servedInline('a.png') && servedInline('a.mp4') && servedInline('a.mp3') && servedInline('a.pdf'));
    for (const n of ['a.svg', 'a.SVG', 'a.html', 'a.htm', 'a.xml', 'a.swf', 'a.docx', 'a.txt', 'a.zip', 'a']) {
      assert.equal(servedInline(n), false, n);
    }
  });
});
