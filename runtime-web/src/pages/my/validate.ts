/** Which message (an `app:my.*` key) each field shows; empty when the form may be sent. */
export interface ProfileErrors {
  nickName?: 'nickNameRequired';
  oldPassword?: 'oldPasswordRequired';
  password?: 'newPasswordRequired' | 'passwordLength';
}

/**
 * docs/reference/product-spec.md §5: nickname required; changing the password needs the original one and a new one of 6 to 16
 * characters. Both password fields empty = keep the password.
 */
export function validateProfile(form: { nickName: string; oldPassword: string; password: string }): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.nickName.trim()) errors.nickName = 'nickNameRequired';
  const changing = form.password !== '' || form.oldPassword !== '';
  if (changing) {
    if (!form.oldPassword) errors.oldPassword = 'oldPasswordRequired';
    if (!form.password) errors.password = 'newPasswordRequired';
    else if (form.password.length < 6 || form.password.length > 16) errors.password = 'passwordLength';
  }
  return errors;
}
