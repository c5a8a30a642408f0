import { makeAutoObservable } from 'mobx';
import { TOKEN_MARGIN_MS } from '../request';
import type { Request, Session, TokenPair } from '../request';
import type { AppStorage } from '../storage';

/** `GET /admin/base/comm/person` (secret columns are never sent). */
export interface UserInfo {
  id: number;
  username: string;
  name?: string | null;
  nickName?: string | null;
  headImg?: string | null;
  phone?: string | null;
  email?: string | null;
  departmentId?: number | null;
  departmentName?: string | null;
  isSuper?: boolean;
  [key: string]: unknown;
}

export interface LoginForm {
  username: string;
  password: string;
  captchaId: string;
  verifyCode: string;
}

export interface Captcha {
  captchaId: string;
  /** An image URL (data: URL) or raw SVG markup. */
  data: string;
}

/** The signed-in session: tokens (with client-side expiry), person info, login and logout. */
export class UserStore {
  token: string | undefined;
  info: UserInfo | undefined;
  private request: Request | undefined;

  constructor(
    private readonly storage: AppStorage,
    private readonly onCleared: () => void = () => {},
  ) {
    this.token = storage.peek<string>('token');
    this.info = storage.get<UserInfo>('userInfo');
    makeAutoObservable<UserStore, 'storage' | 'request' | 'onCleared'>(this, { storage: false, request: false, onCleared: false });
  }

  /** createStores wires the request layer in after both exist. */
  attach(request: Request): void {
    this.request = request;
  }

  private get req(): Request {
    if (!this.request) throw new Error('UserStore used before createStores attached the request layer');
    return this.request;
  }

  /** The request layer's view of the session (reads storage so a refresh in another tab is seen). */
  get session(): Session {
    const s = this.storage;
    return {
      token: () => s.peek<string>('token'),
      refreshToken: () => s.peek<string>('refreshToken'),
      tokenExpired: () => s.isExpired('token', TOKEN_MARGIN_MS),
      refreshExpired: () => s.isExpired('refreshToken', TOKEN_MARGIN_MS),
      save: (tokens) => this.setTokens(tokens),
    };
  }

  /** A token is held and it (or its refresh token) is still usable. */
  get isLoggedIn(): boolean {
    return !!this.token && !(this.storage.isExpired('token', TOKEN_MARGIN_MS) && this.storage.isExpired('refreshToken', TOKEN_MARGIN_MS));
  }

  setTokens(tokens: TokenPair): void {
    this.storage.set('token', tokens.token, tokens.expire);
    this.storage.set('refreshToken', tokens.refreshToken, tokens.refreshExpire);
    this.token = tokens.token;
  }

  setInfo(info: UserInfo | undefined): void {
    this.info = info;
    if (info) this.storage.set('userInfo', info);
    else this.storage.remove('userInfo');
  }

  async captcha(params: { width?: number; height?: number; color?: string } = {}): Promise<Captcha> {
    return this.req<Captcha>({ url: '/admin/base/open/captcha', params: { width: 150, height: 45, color: '#2c3142', ...params } });
  }

  /** Signs in and stores the tokens; the caller then runs `loadSession` (bootstrap) and navigates to '/'. */
  async login(form: LoginForm): Promise<TokenPair> {
    const tokens = await this.req<TokenPair>({ url: '/admin/base/open/login', method: 'POST', data: form });
    this.setTokens(tokens);
    return tokens;
  }

  async loadPerson(): Promise<UserInfo> {
    const info = await this.req<UserInfo>({ url: '/admin/base/comm/person' });
    this.setInfo(info);
    return info;
  }

  /** Signs out on the server (this session only), then locally whatever the server answered. */
  async logout(): Promise<void> {
    try {
      if (this.token) await this.req({ url: '/admin/base/comm/logout', method: 'POST', data: {} });
    } catch (err) {
      console.error(err);
    } finally {
      this.clear();
    }
  }

  /** Local sign-out: tokens, user info and (through onCleared) menus, routes and tabs; then '/login'. */
  clear(): void {
    this.storage.remove('token');
    this.storage.remove('refreshToken');
    this.token = undefined;
    this.setInfo(undefined);
    this.onCleared();
  }
}
