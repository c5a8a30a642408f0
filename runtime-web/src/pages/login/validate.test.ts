import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateLogin } from './validate';

describe('login form validation (docs/reference/product-spec.md §5)', () => {
  it('requires all three fields', () => {
    assert.deepEqual(validateLogin({ username: ' ', password: '', verifyCode: '' }), {
      username: 'usernameRequired',
      password: 'passwordRequired',
      verifyCode: 'captchaRequired',
    });
  });

  it('takes passwords of 6 to 16 characters only', () => {
    const form = { username: 'admin', verifyCode: '1234' };
    assert.deepEqual(validateLogin({ ...form, password: '12345' }), { password: 'passwordLength' });
    assert.deepEqual(validateLogin({ ...form, password: '12345678901234567' }), { password: 'passwordLength' });
    assert.deepEqual(validateLogin({ ...form, password: '123456' }), {});
    assert.deepEqual(validateLogin({ ...form, password: '1234567890123456' }), {});
  });
});
