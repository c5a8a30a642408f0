import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldMenu, isTouchDevice, screenOf } from './responsive';

test('screen classes change at 768 / 992 / 1200 / 1920', () => {
  const cases: Array<[number, string]> = [
    [0, 'xs'], [375, 'xs'], [767, 'xs'], [768, 'sm'], [991, 'sm'], [992, 'md'], [1199, 'md'],
    [1200, 'xl'], [1919, 'xl'], [1920, 'full'], [3840, 'full'],
  ];
  for (const [w, c] of cases) assert.equal(screenOf(w), c, `width ${w}`);
});

test('the menu folds under 768 or on touch devices', () => {
  assert.equal(foldMenu(767, false), true);
  assert.equal(foldMenu(768, false), false);
  assert.equal(foldMenu(1920, true), true);
  assert.equal(foldMenu(1440, false), false);
});

test('no touch under Node', () => {
  assert.equal(isTouchDevice(), false);
});
