import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateProfile } from './validate';

describe('personal center validation (docs/reference/product-spec.md §5)', () => {
  it('requires a nickname', () => {
    assert.deepEqual(validateProfile({ nickName: '  ', oldPassword: '', password: '' }), { nickName: 'nickNameRequired' });
    assert.deepEqual(validateProfile({ nickName: 'Ann', oldPassword: '', password: '' }), {});
  });

  it('needs the original password and a new one of 6 to 16 characters to change it', () => {
    assert.deepEqual(validateProfile({ nickName: 'Ann', oldPassword: '', password: 'newpass1' }), { oldPassword: 'oldPasswordRequired' });
    assert.deepEqual(validateProfile({ nickName: 'Ann', oldPassword: 'oldpass1', password: '' }), { password: 'newPasswordRequired' });
    assert.deepEqual(validateProfile({ nickName: 'Ann', oldPassword: 'oldpass1', password: '12345' }), { password: 'passwordLength' });
    assert.deepEqual(validateProfile({ nickName: 'Ann', oldPassword: 'oldpass1', password: '12345678901234567' }), { password: 'passwordLength' });
    assert.deepEqual(validateProfile({ nickName: 'Ann', oldPassword: 'oldpass1', password: '123456' }), {});
  });
});
