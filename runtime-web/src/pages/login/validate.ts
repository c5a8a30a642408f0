/** Which message (an `app:login.*` key) each field shows; empty when the form may be sent. */
export interface LoginErrors {
  username?: 'usernameRequired';
  password?: 'passwordRequired' | 'passwordLength';
  verifyCode?: 'captchaRequired';
}

/** docs/reference/product-spec.md §5: username, password and code cannot be empty; password 6 to 16 characters. */
export function validateLogin(form: { username: string; password: string; verifyCode: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!form.username.trim()) errors.username = 'usernameRequired';
  if (!form.password) errors.password = 'passwordRequired';
  else if (form.password.length < 6 || form.password.length > 16) errors.password = 'passwordLength';
  if (!form.verifyCode.trim()) errors.verifyCode = 'captchaRequired';
  return errors;
}
